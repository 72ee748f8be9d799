#!/usr/bin/env python3
"""Writes the presets' learning objectives and "predict, then run" questions
(scripts/exercises.py) into public/presets/presets.json. Needs no engine: the presets'
hashes are left as they are; every other generator applies the same on its own run.

usage: python3 scripts/exercise-presets.py
"""
from presetlib import write_presets

if __name__ == '__main__':
    write_presets([])
