#!/usr/bin/env python3
"""Writes Ng & Chan's experiments as presets (public/presets/presets.json):
  §3.5 / §6.2 from engine/scenarios/ngchan-dumbbell-40.json: 20 Reno flows and 20
    rate-based flows on the Fig. 4 dumbbell with Table 1's parameters, random error added
    on the bottleneck from 2.5 % to 35 %, normalized throughput of SRP, CRP, MRP, TFRC and
    TFRC with the modified equation;
  §4.2 / §6.3 from engine/scenarios/ngchan-lasthop.json: one rate-based stream from the
    proxy and Reno streams over Table 2's 150 kb/s, 200 ms last hop, against the number of
    TCP streams (Figs. 16-17) and against the error added (Figs. 18-19, 33);
and TFRC beside NewReno on a shared dumbbell (engine/scenarios/tfrc-friendliness.json).
The paper draws these as figures without numbers: its findings become claims.

usage: python3 scripts/ngchan-presets.py   (needs build/engine/plab for the schema)
"""
import sys

from presetlib import claim, engine_schema, on_paper_platform, load_scenario, scenario_hash, view_parts, write_presets

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


def last_hop(schema):
    base = load_scenario('ngchan-lasthop.json')
    setup = ('Fig. 15\'s topology with Table 2\'s settings: a proxy cache server at the base station sends one '
             'rate-based stream to a mobile client over the 150 kb/s, 200 ms last hop (RED, a buffer of 4 x BW x '
             'RTT = 120 packets of 256 bytes), which Reno streams from 10 Mb/s side links (3 ms each side) share; '
             '250 s, statistics from 10 s. The y axis is the rate-based stream\'s normalized throughput: its goodput '
             'over the Reno streams\' mean (1 = TCP-friendly).')
    none_fair = ('Here CRP\'s complex equation, fed the loss rate over all its packets, predicts far less than these '
                 'Reno streams get: with windows of a few 256-byte packets Reno recovers most losses by timeouts '
                 'at a 200 ms minimum RTO, while the equation charges a full measured RTO per loss.')
    streams = base.copy()
    streams['topology'] = dict(base['topology'], bottleneck=dict(base['topology']['bottleneck'],
                                                                 errors={'forward': {'model': 'none'}}))
    streams['flows'] = base['flows'][:2]
    return [{
        'id': 'ngchan-lasthop-streams',
        'title': 'SRP and CRP on a wireless last hop beside more and more TCP streams (Ng & Chan §4.2, Figs. 16-17)',
        'paper': PAPER, 'section': '§4.2, Table 2, Figs. 16-17',
        'caption': (setup + ' No error here: the x axis is the number of flows, the rate-based one and 1 to 10 '
                    'Reno streams (each point copies the last flow). SRP\'s simple equation has no timeouts, so once '
                    'the last hop is congested it keeps taking more; the paper finds CRP fair. Cost: 10 points x 2 '
                    'protocols x 2 seeds = 40 runs.'),
        'hash': '#' + '&'.join(scenario_hash(schema, streams) +
                               view_parts(['srp', 'crp'], 'flows', 2, 11, 10, 'normalized_throughput', 2)),
        'evidence': {'published': [], 'claims': [
            claim('SRP\'s share keeps growing as TCP streams are added (normalized throughput with 10 streams above '
                  'that with 1)', '§4.2, Fig. 16', {'series': 'srp', 'figure': 'normalized_throughput', 'x': 11}, '>',
                  {'series': 'srp', 'figure': 'normalized_throughput', 'x': 2}),
            claim('CRP stays TCP-friendly with 10 TCP streams (normalized throughput at least 0.5)', '§4.2, Fig. 17',
                  {'series': 'crp', 'figure': 'normalized_throughput', 'x': 11}, '>=', value=0.5, if_not=none_fair),
        ]},
    }, {
        'id': 'ngchan-lasthop-error',
        'title': 'SRP, CRP and MRP on a lossy wireless last hop beside 10 TCP streams (Ng & Chan §4.2, §6.3)',
        'paper': PAPER, 'section': '§4.2, §6.3, Table 2, Figs. 18-19, 33',
        'caption': (setup + ' One rate-based stream and 10 Reno streams; random error on the last hop from 0 to '
                    '30 % on the x axis. The paper finds TCP\'s share between SRP\'s (above, diverging as error grows) '
                    'and CRP\'s (below at low error), and MRP close to TCP. Cost: 7 points x 3 protocols x 2 seeds = '
                    '42 runs of 11 flows.'),
        'hash': '#' + '&'.join(scenario_hash(schema, base) +
                               view_parts(['srp', 'crp', 'mrp'], 'topology.bottleneck.errors.forward.p', 0, 0.3, 7,
                                          'normalized_throughput', 2)),
        'evidence': {'published': [], 'claims': [
            claim('SRP takes more than TCP at every error rate', '§4.2, Fig. 18',
                  {'series': 'srp', 'figure': 'normalized_throughput', 'x_range': [0, 0.3]}, '>', value=1),
            claim('SRP diverges from TCP as the error grows (more at 30 % than at 5 %)', '§4.2, Fig. 18',
                  {'series': 'srp', 'figure': 'normalized_throughput', 'x': 0.3}, '>',
                  {'series': 'srp', 'figure': 'normalized_throughput', 'x': 0.05}),
            claim('CRP takes less than TCP at low error (up to 10 %)', '§4.2, Fig. 19',
                  {'series': 'crp', 'figure': 'normalized_throughput', 'x_range': [0, 0.1]}, '<', value=1),
            claim('MRP keeps a throughput similar to TCP\'s once there is error (normalized 0.7 to 1.5 from 5 %)',
                  '§6.3, Fig. 33', {'series': 'mrp', 'figure': 'normalized_throughput', 'x_range': [0.05, 0.3]}, '>=',
                  value=0.7),
            claim('... and not above 1.5', '§6.3, Fig. 33',
                  {'series': 'mrp', 'figure': 'normalized_throughput', 'x_range': [0.05, 0.3]}, '<=', value=1.5),
        ]},
    }]


def tfrc_friendliness(schema):
    base = load_scenario('tfrc-friendliness.json')
    return {
        'id': 'tfrc-friendliness',
        'title': 'TFRC beside NewReno: normalized throughput under random error (RFC 5348, Ng & Chan §6.4)',
        'paper': PAPER, 'section': '§6.4; RFC 5348 §1',
        'caption': ('Four TFRC flows and four NewReno flows share a 10 Mb/s, 20 ms RED bottleneck (100 packets) for '
                    '60 s, statistics from 10 s, with random error on the x axis. The y axis is TFRC\'s normalized '
                    'throughput: its flows\' mean goodput over the NewReno flows\' (1 = friendly). TFRC is designed to '
                    'get about what a TCP flow would in the same conditions, more smoothly (RFC 5348 §1); Floyd et al. '
                    '(SIGCOMM 2000) found it within a factor of two of TCP. TFRC with Ng & Chan\'s modified equation '
                    'models fewer timeouts and takes more as the error grows. Cost: 6 points x 2 protocols x 2 seeds.'),
        'hash': '#' + '&'.join(scenario_hash(schema, base) +
                               view_parts(['tfrc', 'tfrc_modified'], 'topology.bottleneck.errors.forward.p', 0, 0.05, 6,
                                          'normalized_throughput', 2)),
        'evidence': {'published': [], 'claims': [
            claim('TFRC stays within a factor of two of TCP: normalized throughput at least 0.5 ...',
                  'RFC 5348 §1; Floyd et al. 2000',
                  {'series': 'tfrc', 'figure': 'normalized_throughput', 'x_range': [0, 0.05]}, '>=', value=0.5),
            claim('... and at most 2', 'RFC 5348 §1; Floyd et al. 2000',
                  {'series': 'tfrc', 'figure': 'normalized_throughput', 'x_range': [0, 0.05]}, '<=', value=2),
            claim('The modified equation takes more than RFC 5348\'s at 5 % error', 'Ng & Chan §6.4, Figs. 28-29',
                  {'series': 'tfrc_modified', 'figure': 'normalized_throughput', 'x': 0.05}, '>',
                  {'series': 'tfrc', 'figure': 'normalized_throughput', 'x': 0.05}),
        ]},
    }


def main():
    schema = engine_schema()
    # The paper's ns-2 (received January 2002: ns-2.1b8, 100 ms ticks) for its TCP flows.
    # ng-chan-models (kept by hand) stays the ns-3 reference scenario it is checked against.
    new = on_paper_platform(schema, presets(schema) + last_hop(schema) + [tfrc_friendliness(schema)], 'ns2_2001')
    write_presets(new, after='ng-chan-models')
    print(f'{len(new)} Ng & Chan presets written', file=sys.stderr)


if __name__ == '__main__':
    main()
