#!/usr/bin/env python3
"""Writes the cellular-link preset (issue 20 §4) into public/presets/presets.json: Reno,
CUBIC and BBR compared on the bundled trace `cellular-a` (scripts/make-traces.py),
one flow each over the same packets and seed. Its hash is the page's canonical one,
made from the engine's schema (needs build/engine/plab).

usage: python3 scripts/trace-presets.py
"""
from presetlib import engine_schema, scenario_hash, write_presets

SCENARIO = {
    'duration_s': 30,  # one period of cellular-a
    'topology': {'bottleneck': {'queue_packets': 150, 'trace': {'forward': {'source': 'cellular-a'}}}},
    'flows': [{
        'channel': {'forward': {'model': 'none'}, 'reverse': {'model': 'none'}},
        'app': {'token_bucket': {'enabled': False}},
    }],
}

CAPTION = (
    'One bulk flow over a bottleneck whose capacity follows the bundled trace "cellular-a" (drawn dashed under '
    'the throughput): an LTE-like link from a Markov-modulated model after Sprout §2 (Winstein et al. 2013), '
    'between outages and 12 Mb/s, 4.5 Mb/s on average, repeating every 30 s, with a 150-packet buffer. Reno, '
    'CUBIC and BBR run on the same trace and seed. Compare goodput with the mean and 95th-percentile RTT: '
    'the loss-based controls fill the deep buffer each time the rate falls (bufferbloat), BBR paces near its '
    'estimate of the bottleneck rate. Choose another trace (steady, bursty, or your own file in mahimahi\'s '
    'format) in the bottleneck\'s settings.')


def main():
    schema = engine_schema()
    preset = {
        'id': 'cellular-reno-cubic-bbr',
        'title': 'Cellular link: Reno vs CUBIC vs BBR',
        'paper': 'Cellular links (delivery traces)',
        'section': 'mahimahi traces (Netravali et al. 2015 §3); LTE model after Sprout §2',
        'caption': CAPTION,
        'hash': '#' + '&'.join(scenario_hash(schema, SCENARIO) + ['view=compare', 'cmp=reno,cubic,bbr']),
    }
    write_presets([preset])


if __name__ == '__main__':
    main()
