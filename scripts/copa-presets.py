#!/usr/bin/env python3
"""Writes the Copa preset (issue 22, "M. Today's Internet") into
public/presets/presets.json: one Copa flow (Arun & Balakrishnan, NSDI 2018, default mode)
through a 10 Mb/s, 41 ms bottleneck with a 500-packet buffer, delta swept over 0.05 to 1,
the mean queue drawn: at equilibrium Copa keeps about 1/delta packets queued (§2.2). No
claim is judged (the paper's words on it are not transcribed here); the caption's
numbers are measured by the CLI when this runs (scripts/measure.py). Needs
build/engine/plab.

usage: python3 scripts/copa-presets.py
"""
from presetlib import engine_schema, scenario_hash, view_parts, write_presets
import measure

SCENARIO = {
    'duration_s': 20,
    'metrics': {'start_s': 5},  # past slow start and the velocity's ramp
    'topology': {
        'access': {'rate_mbps': 1000, 'delay_ms': 0.5},
        'bottleneck': {'rate_mbps': 10, 'delay_ms': 20, 'queue_packets': 500},
    },
    'flows': [{
        'protocol': 'copa',
        'channel': {'forward': {'model': 'none'}, 'reverse': {'model': 'none'}},
        'app': {'token_bucket': {'enabled': False}},
    }],
}
POINTS = [0.05, 0.1, 0.25, 0.5, 1]


def main():
    schema = engine_schema()
    link = '#' + '&'.join(
        scenario_hash(schema, SCENARIO) +
        view_parts(['copa'], 'f0.copa.delta', 0, 0, 0, 'mean_queue_packets', 1, POINTS))
    m = measure.sweep(schema, link)
    q = lambda d: measure.at(m, 'copa', d, 'mean_queue_packets')
    g = lambda d: measure.at(m, 'copa', d, 'goodput_mbps')
    drops = max(measure.at(m, 'copa', d, 'queue_drops') for d in POINTS)
    caption = (
        'One Copa flow (default mode) through a 10 Mb/s bottleneck, 41 ms round trip, with a 500-packet buffer, its '
        'delta swept from 0.05 to 1, measured from 5 s on. Copa moves its window toward the target rate 1 / (delta x '
        'dq), dq being the queuing delay it reads from its standing RTT (least over half an RTT) above its min RTT '
        '(least over 10 s), so at equilibrium its rate x dq, the packets it keeps queued, is about 1/delta (§2.1-2.2). '
        f'Measured here, the mean queue: {q(1):.1f} packets at delta 1, {q(0.5):.1f} at 0.5 (the default), '
        f'{q(0.25):.1f} at 0.25, {q(0.1):.1f} at 0.1, {q(0.05):.1f} at 0.05, the goodput {g(0.5):.2f} Mb/s at 0.5, '
        f'{"no drop at any delta" if drops == 0 else f"at most {drops:.0f} drops"}; a loss-based flow fills the 500 packets. The competitive mode (§2.3), which '
        'lowers delta '
        'beside buffer-filling flows, is not implemented.')
    preset = {
        'id': 'copa-queue-delta',
        'title': "Copa's queue: about 1/delta packets",
        'paper': "Today's Internet (Copa)",
        'section': 'Arun & Balakrishnan, NSDI 2018, §2.1-2.2',
        'caption': caption,
        'hash': link,
    }
    write_presets([preset], after='ledbat-yields-to-cubic')


if __name__ == '__main__':
    main()
