#!/usr/bin/env python3
"""Writes the contest exercise (issue 20 §3) into public/presets/presets.json: the Contest
view on the classic set with this page's first flow running a program of the `custom`
language (the Reno template at first), so the student's program joins the leaderboard as
"yours". Its question (scripts/exercises.py) is the issue's: make a controller that beats
CUBIC's power on the cellular trace. The hash is the page's canonical one, made from the
engine's schema (needs build/engine/plab).

usage: python3 scripts/contest-presets.py
"""
from presetlib import engine_schema, scenario_hash, write_presets

SCENARIO = {'flows': [{'protocol': 'custom'}]}

CAPTION = (
    'The contest of Winstein et al. (NSDI 2013 §5): each entrant runs alone as the first flow on five paths — a '
    'cellular link following the bundled trace cellular-a, a long fat pipe, a bottleneck shared with CUBIC, 1 % '
    'random loss and a deep buffer — and scores log10(throughput / 95th-percentile one-way delay) on each, its total '
    'the mean. The first flow on the left runs your program (the custom protocol: start from a template in its '
    'editor, then change it) and joins the built-in protocols on the board as "yours". Beat CUBIC\'s power on the '
    'cellular path first; `plab contest classic --program my.cc` gives the same scores on the command line.')


def main():
    schema = engine_schema()
    preset = {
        'id': 'contest-your-program',
        'title': 'Contest: your congestion control against the built-ins',
        'paper': 'The congestion-control contest',
        'section': 'Winstein, Sivaraman & Balakrishnan, NSDI 2013 §5 (Sprout); issue J',
        'caption': CAPTION,
        'hash': '#' + '&'.join(scenario_hash(schema, SCENARIO) + ['view=contest', 'contest=classic']),
    }
    write_presets([preset], after='cellular-reno-cubic-bbr')


if __name__ == '__main__':
    main()
