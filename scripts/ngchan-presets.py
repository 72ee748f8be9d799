#!/usr/bin/env python3
"""Writes Ng & Chan's §3.5 / §6.2 experiment as a preset (public/presets/presets.json) from
engine/scenarios/ngchan-dumbbell-40.json: 20 Reno flows and 20 rate-based flows on the
Fig. 4 dumbbell with Table 1's parameters, random error added on the bottleneck from
2.5 % to 35 %, normalized throughput of SRP, CRP, MRP, TFRC and TFRC with the modified
equation. The paper draws these as figures (Figs. 9-10, 28-31) without numbers: its
findings become claims.

usage: python3 scripts/ngchan-presets.py   (needs build/engine/plab for the schema)
"""
import sys

from presetlib import claim, engine_schema, load_scenario, scenario_hash, view_parts, write_presets

PAPER = 'Ng & Chan (equation-based)'


def ref(series, x_range, figure='normalized_throughput'):
    return {'series': series, 'figure': figure, 'x_range': x_range}


def presets(schema):
    base = load_scenario('ngchan-dumbbell-40.json')
    low, all_ = [0.025, 0.2], [0.025, 0.35]
    starved = ('At 5 kb/s per flow (Table 1) every window is under one 256-byte packet: Reno lives in '
               'retransmission timeouts, which no equation here models at such windows.')
    return [{
        'id': 'ngchan-dumbbell-error',
        'title': 'Rate-based protocols beside TCP under random error: SRP, CRP, MRP, TFRC (Ng & Chan §3.5, §6.2)',
        'paper': PAPER, 'section': '§3.5, §6.2, Figs. 9-10, 28-31',
        'caption': ('Forty flows share the Fig. 4 dumbbell with Table 1\'s settings: 5 kb/s of RED bottleneck per flow '
                    '(0.2 Mb/s), 50 ms, a buffer of 5 x BW x RTT per flow, 256-byte packets, 250 s. Twenty run '
                    'Reno; the other twenty run the curve\'s rate-based protocol. The bottleneck drops packets at '
                    'random at the rate on the x axis (2.5 % to 35 %, as in §3.5); the y axis is the rate-based '
                    'flows\' normalized throughput: their mean goodput over the Reno flows\' (1 = TCP-friendly). '
                    'SRP follows the simple equation, which has no timeouts, so it takes far more than TCP; CRP\'s '
                    'complex equation counts every loss as a likely timeout and stays below; MRP and the modified '
                    'TFRC use Ng & Chan\'s corrected timeout probability. Cost: 14 points x 5 protocols x 2 seeds = '
                    '140 runs of 40 flows, a few seconds.'),
        'hash': '#' + '&'.join(scenario_hash(schema, base) +
                               view_parts(['srp', 'crp', 'mrp', 'tfrc', 'tfrc_modified'],
                                          'topology.bottleneck.errors.forward.p', 0.025, 0.35, 14,
                                          'normalized_throughput', 2)),
        'evidence': {'published': [], 'claims': [
            claim('SRP grabs more bandwidth than TCP at every error rate (normalized throughput above 1)', '§3.5, Fig. 9',
                  ref('srp', all_), '>', value=1),
            claim('CRP obtains less than TCP when the error rate is low (below 20 %)', '§3.5, Fig. 10', ref('crp', low),
                  '<', value=1),
            claim('MRP keeps a throughput similar to TCP\'s below 20 % error (normalized throughput at least 0.7)',
                  '§6.2, Fig. 31', ref('mrp', low), '>=', value=0.7, if_not=starved),
            claim('TFRC with the modified equation is closer to TCP than TFRC with RFC 5348\'s', '§6.2, Figs. 28-29',
                  ref('tfrc_modified', all_), '>', ref('tfrc', all_), if_not=starved),
        ]},
    }]


def main():
    new = presets(engine_schema())
    write_presets(new, after='ng-chan-models')
    print(f'{len(new)} Ng & Chan preset written', file=sys.stderr)


if __name__ == '__main__':
    main()
