#!/usr/bin/env python3
"""Writes the LE paper's Fig. 5 and Fig. 6 presets (Kang, Park & Mo, §3.2-§3.3) into
public/presets/presets.json from engine/scenarios/le-fig5-fairness.json,
le-fig6-single-flow.json and le-fig6d-ten-flows.json. Fig. 6's 15 combinations are five
loss recoveries (Reno, NewReno, SACK, FACK, LE) under three congestion controls: AIMD
(the protocols themselves), a fixed window of 32 and Westwood+, the last two as pairings
"protocol/recovery" (views.ts). The paper gives its findings in words, not numbers: each
becomes a claim.

usage: python3 scripts/le-presets.py   (needs build/engine/plab for the schema)
"""
import json
import sys

from presetlib import claim, engine_schema, on_paper_platform, load_scenario, scenario_hash, view_parts, write_presets

PAPER = 'Kang, Park & Mo (LE)'
RECOVERIES = ['reno', 'newreno', 'sack', 'fack', 'le']


def log_view(cmp, n, k):
    parts = view_parts(cmp, 'f0.channel.forward.p', 0.001, 0.1, n, 'goodput_mbps', k)
    return [p if p != 'sweep.scale=linear' else 'sweep.scale=log' for p in parts]


def ref(series, x=None, x_range=None, figure='goodput_mbps'):
    r = {'series': series, 'figure': figure}
    if x is not None:
        r['x'] = x
    if x_range:
        r['x_range'] = x_range
    return r


SINGLE = ('One FTP flow for 100 s over the 10 Mb/s, 25 ms path (minimum RTO 200 ms, ns-2\'s), random loss on the '
          'data path at the rate on the x axis (0.1 % to 10 %, log), 5 seeds per point (the paper averages ten). ')
COST = 'Cost: 10 points x 5 curves x 5 seeds = 250 runs, a few seconds.'


def presets(schema):
    single = load_scenario('le-fig6-single-flow.json')
    ten = load_scenario('le-fig6d-ten-flows.json')
    fair = load_scenario('le-fig5-fairness.json')
    h = lambda sc: scenario_hash(schema, sc)
    out = []
    out.append({
        'id': 'le-fig5-fairness', 'title': 'Is LE fair to SACK? Five FACK or LE flows against five SACK flows (LE Fig. 5)',
        'paper': PAPER, 'section': '§3.2, Fig. 5',
        'caption': ('Ten FTP flows share the dumbbell\'s 10 Mb/s, 24 ms bottleneck for 100 s with no random loss: '
                    'only the queue drops packets. Flows 1-5 run FACK (the paper\'s baseline, Fig. 5a) or LE '
                    '(Fig. 5b), flows 6-10 run SACK; compare the two. Normalized throughput is the first five '
                    'flows\' mean goodput over the SACK flows\' mean: 1 is a fair share. The paper ran 1, 3, 5, 7 '
                    'and 9 SACK flows; this is the middle case (change the flows\' protocols for the others). LE '
                    'never waits for a timeout, so one could fear it takes more than its share: the paper finds '
                    'it as fair as FACK. One run per protocol: no random loss, so seeds give the same run.'),
        'hash': '#' + '&'.join(h(fair) + ['view=compare', 'cmp=fack,le']),
        'evidence': {'published': [], 'claims': [
            claim('FACK flows share fairly with SACK flows (normalized throughput within 20 % of 1)', '§3.2, Fig. 5a',
                  ref('fack', figure='normalized_throughput'), '<=', value=1.2),
            claim('... and not below it by more than 20 %', '§3.2, Fig. 5a', ref('fack', figure='normalized_throughput'),
                  '>=', value=0.8),
            claim('LE is as fair to SACK as FACK is: normalized throughput within 25 % of 1', '§3.2.1, Fig. 5b',
                  ref('le', figure='normalized_throughput'), '<=', value=1.25,
                  if_not='Ours takes more than a fair share here: LE cuts its window once per RTT however many '
                         'losses, and never idles in a timeout.'),
            claim('LE does not starve: normalized throughput above 0.8', '§3.2.1, Fig. 5b',
                  ref('le', figure='normalized_throughput'), '>=', value=0.8),
        ]},
    })
    out.append({
        'id': 'le-fig6a-aimd', 'title': 'Five loss recoveries under AIMD: throughput against loss (LE Fig. 6a)',
        'paper': PAPER, 'section': '§3.3.1, Fig. 6a',
        'caption': (SINGLE + 'Every curve is Reno\'s window law (AIMD) with its own loss recovery. The window '
                    'halves at every loss whatever the recovery, so all five fall together: the paper found the '
                    'throughputs "very similar", LE only slightly better. ' + COST),
        'hash': '#' + '&'.join(h(single) + log_view(RECOVERIES, 10, 5)),
        'evidence': {'published': [], 'claims': [
            claim('Under AIMD LE is at least as fast as SACK at every loss rate', '§3.3.1',
                  ref('le', x_range=[0.001, 0.1]), '>=', ref('sack', x_range=[0.001, 0.1])),
            claim('... but only slightly up to 1 % loss: within 25 % of SACK', '§3.3.1, Fig. 6a',
                  ref('le', x_range=[0.001, 0.01]), '<=', ref('sack', x_range=[0.001, 0.01]), factor=1.25),
        ]},
    })
    fixed = ['fixed/' + r for r in RECOVERIES]
    out.append({
        'id': 'le-fig6b-fixed', 'title': 'Five loss recoveries with a fixed window of 32: throughput against loss (LE Fig. 6b)',
        'paper': PAPER, 'section': '§3.3.2, Fig. 6b',
        'caption': (SINGLE + 'The window stays at 32 packets (Fixed window, under the flow\'s TCP settings) so only '
                    'the loss recovery differs. Without a window cut, what costs throughput is time spent '
                    'waiting for retransmission timeouts: Reno, NewReno, SACK and FACK fall into them as loss '
                    'grows, LE finds lost retransmissions and short duplicate-ACK runs without one. ' + COST),
        'hash': '#' + '&'.join(h(single) + log_view(fixed, 10, 5)),
        'evidence': {'published': [], 'claims': [
            claim('With a fixed window LE\'s throughput is superior: at 10 % loss over 1.5 x SACK\'s', '§3.3.2, Fig. 6b',
                  ref('fixed/le', 0.1), '>', ref('fixed/sack', 0.1), factor=1.5),
            claim('... and above NewReno\'s from 1 % loss on', '§3.3.2',
                  ref('fixed/le', x_range=[0.01, 0.1]), '>', ref('fixed/newreno', x_range=[0.01, 0.1])),
        ]},
    })
    ww = ['westwood/' + r for r in RECOVERIES]
    out.append({
        'id': 'le-fig6c-westwood', 'title': 'Five loss recoveries under Westwood+: throughput against loss (LE Fig. 6c)',
        'paper': PAPER, 'section': '§3.3.3, Fig. 6c',
        'caption': (SINGLE + 'Every curve is Westwood+\'s window (after a loss, ssthresh = its bandwidth estimate x '
                    'the minimum RTT, so random losses cost little window) with one of the five recoveries. The '
                    'bigger window keeps more packets in flight, so a loss recovery that avoids timeouts pays off '
                    'more: the paper\'s LE is well above the others as loss grows. ' + COST),
        'hash': '#' + '&'.join(h(single) + log_view(ww, 10, 5)),
        'evidence': {'published': [], 'claims': [
            claim('With Westwood+ LE keeps more throughput than every other recovery from 1 % loss on: above FACK',
                  '§3.3.3, Fig. 6c', ref('westwood/le', x_range=[0.01, 0.1]), '>',
                  ref('westwood/fack', x_range=[0.01, 0.1]), factor=1.1),
            claim('... and above SACK', '§3.3.3, Fig. 6c', ref('westwood/le', x_range=[0.01, 0.1]), '>',
                  ref('westwood/sack', x_range=[0.01, 0.1]), factor=1.1),
        ]},
    })
    # Fig. 6d with Westwood's window and each recovery (the existing le-fig6d-ten-flows
    # preset compares the protocols themselves and stays as its links expect).
    tenp = json.loads(json.dumps(ten))
    parts = scenario_hash(schema, tenp) + view_parts(ww, 'topology.bottleneck.errors.forward.p', 0.001, 0.1, 10,
                                                     'mean_goodput_mbps', 3)
    parts = [p if p != 'sweep.scale=linear' else 'sweep.scale=log' for p in parts]
    out.append({
        'id': 'le-fig6d-westwood', 'title': 'Ten Westwood+ flows with each loss recovery under random loss (LE Fig. 6d)',
        'paper': PAPER, 'section': '§3.3.3, Fig. 6d',
        'caption': ('Fig. 6d as the paper drew it: ten FTP flows share the dumbbell\'s 10 Mb/s, 24 ms bottleneck '
                    'for 100 s, the bottleneck drops packets at random (x axis, 0.1 % to 10 %, log); every flow '
                    'runs Westwood+\'s window with the loss recovery of its curve. The y axis is the mean '
                    'throughput per flow. The paper: "LE flows achieve almost full bandwidth utilization because '
                    'LE avoids RTO expiry". Cost: 10 points x 5 curves x 3 seeds = 150 runs of ten flows, about '
                    '8 s.'),
        'hash': '#' + '&'.join(parts),
        'evidence': {'published': [], 'claims': [
            claim('At 10 % loss LE\'s flows keep more than twice SACK\'s throughput', '§3.3.3, Fig. 6d',
                  ref('westwood/le', 0.1, figure='mean_goodput_mbps'), '>', ref('westwood/sack', 0.1, figure='mean_goodput_mbps'),
                  factor=2),
            claim('LE\'s flows stay near a full share (0.8 Mb/s of their 1 Mb/s) up to 1 % loss', '§3.3.3',
                  ref('westwood/le', x_range=[0.001, 0.01], figure='mean_goodput_mbps'), '>=', value=0.8),
        ]},
    })
    return out


def main():
    schema = engine_schema()
    # The paper's ns-2 (2012: ns-2.34/2.35) and its timers; the presets kept by hand too.
    new = on_paper_platform(schema, presets(schema), 'ns2')
    write_presets(new, after='le-fig4',
                  edit=lambda doc: on_paper_platform(schema, doc['presets'], 'ns2', ids={'le-fig4', 'le-fig6d-ten-flows'}))
    print(f'{len(new)} LE presets written', file=sys.stderr)


if __name__ == '__main__':
    main()
