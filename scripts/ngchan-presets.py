#!/usr/bin/env python3
"""Writes Ng & Chan's experiments as presets (public/presets/presets.json):
  §3.1 / §6.1, the baseline: one Reno flow over a lossy channel, against the simple,
    complex and modified equations fed with its own loss indications, RTT and RTO;
  §3.4-3.5 / §6.2 / §6.4 from engine/scenarios/ngchan-dumbbell-40.json: 20 Reno flows and
    20 rate-based flows on the Fig. 4 dumbbell with Table 1's parameters, random error
    added on the bottleneck from 0 to 35 %, SRP, CRP, MRP, TFRC and TFRC with the
    modified equation;
  §4.2 / §6.3 from engine/scenarios/ngchan-lasthop.json: one rate-based stream from the
    proxy and Reno streams over Table 2's 150 kb/s, 200 ms last hop, against the number of
    TCP streams (Figs. 16-17) and against the error added (Figs. 18-19, 30-33);
and TFRC beside NewReno on a shared dumbbell (engine/scenarios/tfrc-friendliness.json).

The paper's figures are lost in the text we have (only their captions survive), so its
claims are its sentences, quoted, each judged on the runs of the preset that re-runs its
experiment (docs/claims.md). Its "normalized throughput" is the throughput achieved over
the bandwidth allocated to the stream (§3.4): the summary figure fair_share.

usage: python3 scripts/ngchan-presets.py   (needs build/engine/plab for the schema)
"""
import math
import sys

from presetlib import (claim, engine_schema, explain, js_number, load_scenario, not_expressible, number,
                       on_paper_platform, paper, reading, ref, relation, scenario_hash, view_parts, write_presets)

PAPER = 'Ng & Chan (equation-based)'
P = 'ng-chan'
NAMES = {'crp': 'CRP', 'mrp': 'MRP', 'srp': 'SRP'}
PAPER_BLOCK = paper(
    'Ng & Chan: Equation-based TCP-friendly congestion control under lossy environment',
    'S. W. Ng, E. Chan, "Equation-based TCP-friendly congestion control under lossy environment", Journal of '
    'Systems Architecture 51 (2005); ns-2 simulations.',
    0.2,
    ('The paper gives no number of its results: its figures are lost in the text we have, and its sentences are '
     'relations ("overestimates", "obtains less"), judged here on 95 % intervals. Its only claims of equality are '
     'that MRP and the modified TFRC keep "a throughput similar to that of the TCP connections" and share the link '
     '"reasonably equitabl[y]", for which it names no margin; they are read as a ratio to TCP of 1 within 20 %, '
     'the margin the other papers of the lab call agreement (TCP-ER §IV-D: "within 20%").'))


def share(series, protocol, x=None, x_range=None):
    """A protocol's normalized throughput (§3.4) in the runs of one sweep series."""
    return ref(series, f'fair_share_by_protocol.{protocol}', x, x_range)


def sweep_hash(schema, scenario, x, frm, to, n, y, k, cmp=None, points=None):
    parts = scenario_hash(schema, scenario)
    if cmp:
        return '#' + '&'.join(parts + view_parts(cmp, x, frm, to, n, y, k, points))
    if points:
        frm, to, n = points[0], points[-1], len(points)
    return '#' + '&'.join(parts + ['view=sweep', f'sweep.x={x}', f'sweep.from={js_number(frm)}',
                                   f'sweep.to={js_number(to)}', 'sweep.scale=linear', f'sweep.n={n}',
                                   f'sweep.y={y}', f'sweep.k={k}'] +
                          (['sweep.points=' + ','.join(js_number(p) for p in points)] if points else []))


# ---- §3.1 / §6.1: the equations against one Reno flow ------------------------------------

def baseline(schema):
    # §3.1: "Two packet sizes are used in the experiments: 512 and 1024 bytes. The bandwidth
    # available ranges from 5 Kbps to 20 Kbps in increments of 5 Kbps, and propagation delay
    # various from 10 ms to 40 ms." One point of that grid, with Table 1's window and length.
    # §3.1 gives no buffer. The paper's only buffer rule is Table 1's "5 x BW x RTT per flow":
    # 5 x 10 kb/s x 50 ms = 2,500 bits, under one 552-byte packet, so the queue holds one.
    rate_mbps, delay_ms, packet = 0.01, 25, 512 + 40
    queue = max(1, math.floor(5 * rate_mbps * 1e6 * 2 * delay_ms / 1e3 / (8 * packet)))
    scenario = {
        'duration_s': 250,
        'topology': {'bottleneck': {'rate_mbps': rate_mbps, 'delay_ms': delay_ms, 'queue_packets': queue}},
        'flows': [{
            'protocol': 'reno',
            'tcp': {'mss_bytes': 512, 'max_window_segments': 1000, 'min_rto_ms': 200},
            'channel': {'forward': {'model': 'bernoulli', 'p': 0.1}, 'reverse': {'model': 'none'}},
            'app': {'token_bucket': {'enabled': False}},
        }],
    }
    x, frm, to, n = 'f0.channel.forward.p', 0.025, 0.4, 16
    # The buffer decides what RTT the equations are fed: a deep one fills at low error and
    # the queueing delay lowers both estimates below the goodput. The sweep runs 1 to 50.
    queue_sweep = sweep_hash(schema, {**scenario, 'flows': [{**scenario['flows'][0], 'channel': {
        'forward': {'model': 'bernoulli', 'p': 0.025}, 'reverse': {'model': 'none'}}}]},
        'topology.bottleneck.queue_packets', 1, 50, 0, 'model_simple_mbps', 5, cmp=None, points=[1, 2, 5, 10, 20, 50])
    the_point = reading(f'one point of the paper\'s grid: 10 kb/s, 25 ms one way, 512-byte packets, 250 s (the paper '
                        'sweeps 5-20 kb/s, 10-40 ms, 512 and 1024 bytes), and a drop-tail queue of '
                        f'{queue} packet: §3.1 gives no buffer, and Table 1\'s 5 x BW x RTT per flow, the paper\'s only '
                        'buffer rule, is under one packet here', queue_sweep,
                        'the buffer sets the RTT the equations are fed: with a deep one (50 packets) the flow fills '
                        'it at low error, and both estimates fall below the goodput there; the sweep runs 1 to 50 '
                        'packets at 2.5 % error (y: the simple model; Goodput beside it)')
    m = 'measured'
    out = [
        relation('ng-chan/3.1/simple-overestimates', P,
                 'the simple TCP model tends to overestimate the available bandwidth under lossy channel transmission',
                 '§3.1, Fig. 1 (every error rate from 2.5 % to 40 %)', ref(m, 'model_simple_mbps', x_range=[frm, to]),
                 '>', ref(m, 'goodput_mbps', x_range=[frm, to]), reading=the_point),
        relation('ng-chan/3.1/complex-underestimates', P, 'the complex TCP model underestimates the available bandwidth',
                 '§3.1, Fig. 2 (every error rate from 2.5 % to 40 %)', ref(m, 'model_complex_mbps', x_range=[frm, to]),
                 '<', ref(m, 'goodput_mbps', x_range=[frm, to]), reading=the_point),
        relation('ng-chan/3.1/simple-over-90pct', P,
                 'estimated throughput based on the simple TCP model overshoots actual TCP throughput by more than 90% '
                 'when the percentage of error added increases beyond 10%', '§3.1, Fig. 3 (12.5 % to 40 %)',
                 ref(m, 'model_simple_mbps', x_range=[0.125, to]), '>', ref(m, 'goodput_mbps', x_range=[0.125, to]),
                 factor=1.9, reading=the_point),
        relation('ng-chan/3.1/simple-better-at-low-error', P,
                 'the simple TCP model leads to a better estimate when the error rate is small',
                 '§3.1 (small: 2.5 % and 5 %, below the "beyond 5%" where its estimates go out of range)',
                 ref(m, 'model_simple_deviation_pct', x_range=[0.025, 0.05]), '<',
                 ref(m, 'model_complex_deviation_pct', x_range=[0.025, 0.05]), reading=the_point),
        # §3.1's own conclusion of Fig. 3: the simple model against itself, low error against
        # high ("small" read as above: 2.5 % and 5 %; high: every rate beyond 5 %, each held
        # above 5 %'s deviation).
        relation('ng-chan/3.1/simple-better-low-than-high', P,
                 'we can conclude that the simple TCP model overestimates available bandwidth, and has better '
                 'performance for low error rates than high error rates',
                 '§3.1, Fig. 3 (7.5 % to 40 % against 5 %, the highest of the "small" rates above)',
                 ref(m, 'model_simple_deviation_pct', x_range=[0.075, to]), '>',
                 ref(m, 'model_simple_deviation_pct', x=0.05), reading=the_point),
        # §7: the other half of the same sentence the claim above tests at low error.
        relation('ng-chan/7/complex-better-at-high-error', P,
                 'the simple TCP model has the better estimate when the amount of random error added is low, while '
                 'the complex TCP model works better at higher error rates',
                 '§7, Figs. 1-3 (higher: 7.5 % to 40 %, beyond the "small" 2.5 % and 5 % above)',
                 ref(m, 'model_complex_deviation_pct', x_range=[0.075, to]), '<',
                 ref(m, 'model_simple_deviation_pct', x_range=[0.075, to]), reading=the_point),
        not_expressible('ng-chan/3.1/out-of-range', P,
                        'after the percentage of injected error increases beyond 5%, the number of out-of-range '
                        'estimates increases sharply', '§3.1, Fig. 3',
                        'counts the scatter points of Fig. 3 that fall off its axis, whose range the text does not '
                        'give; the deviations themselves are the claims above'),
        relation('ng-chan/3.1/complex-improves', P,
                 'The complex TCP model, on the other hand, results in a large number of out-of-range estimates when '
                 'the injected error rate is low, then improves when the injected error rate increases',
                 '§3.1 (its deviation from 15 % to 25 %, where the paper finds it best, against 2.5 %)',
                 ref(m, 'model_complex_deviation_pct', x_range=[0.15, 0.25]), '<',
                 ref(m, 'model_complex_deviation_pct', x=0.025), reading=the_point),
        relation('ng-chan/3.1/complex-worsens-beyond-25', P,
                 'and finally worsens when the percentage of injected error increases beyond 25%',
                 '§3.1 (27.5 % to 40 % against 20 %, the middle of the range it calls best)',
                 ref(m, 'model_complex_deviation_pct', x_range=[0.275, to]), '>',
                 ref(m, 'model_complex_deviation_pct', x=0.2), reading=the_point),
        relation('ng-chan/6.1/modified-more-accurate', P,
                 'the complex TCP model tends to underestimate the available bandwidth while the modified TCP model is '
                 'more accurate in its estimate', '§6.1, Figs. 25-26 (every error rate)',
                 ref(m, 'model_modified_deviation_pct', x_range=[frm, to]), '<',
                 ref(m, 'model_complex_deviation_pct', x_range=[frm, to]), reading=the_point),
        relation('ng-chan/6.1/modified-below-20pct', P,
                 'the modified model is much more accurate, particular at error rate less than 20%',
                 '§6.1, Fig. 27 (2.5 % to 17.5 %)', ref(m, 'model_modified_deviation_pct', x_range=[frm, 0.175]), '<',
                 ref(m, 'model_complex_deviation_pct', x_range=[frm, 0.175]), reading=the_point),
        relation('ng-chan/6.1/modified-worse-beyond-20', P, 'Performance is not as good beyond 20% added error',
                 '§6.1, Fig. 27 (22.5 % to 40 % against 10 %, the middle of the range it calls accurate)',
                 ref(m, 'model_modified_deviation_pct', x_range=[0.225, to]), '>',
                 ref(m, 'model_modified_deviation_pct', x=0.1), reading=the_point),
    ]
    return {
        'id': 'ngchan-baseline',
        'title': 'The throughput equations against one Reno flow under random error (Ng & Chan §3.1, §6.1)',
        'paper': PAPER, 'section': '§3.1, §6.1, Figs. 1-3, 25-27',
        'caption': ('§3.1\'s baseline: one Reno flow over a single 10 kb/s, 25 ms channel with 512-byte packets (one '
                    'point of the paper\'s 5-20 kb/s, 10-40 ms grid) and a drop-tail queue of ' + str(queue) + ' packet '
                    '(§3.1 gives no buffer: Table 1\'s 5 x BW x RTT rule, a reading the claims name and sweep), random error from 2.5 % to 40 % in steps of '
                    '2.5 % as in the paper, 250 s, 5 seeds. Each run feeds the simple (Mathis), complex (Padhye) and '
                    'modified (Ng & Chan §5) equations with its own loss indications per packet, mean SRTT and mean '
                    'RTO, as the paper feeds its ns-2 traffic into them; choose y = "Simple model", "Complex model" or '
                    '"Modified model" beside "Goodput", or their deviations (Fig. 3, Fig. 27). Cost: 16 points x 5 '
                    'seeds = 80 short runs.'),
        'hash': sweep_hash(schema, scenario, x, frm, to, n, 'model_complex_deviation_pct', 5),
        'evidence': {'published': [], 'claims': out},
    }


# ---- §3.4-3.5, §6.2, §6.4: forty flows on the dumbbell ---------------------------------

def dumbbell(schema):
    base = load_scenario('ngchan-dumbbell-40.json')
    x, frm, to, n = 'topology.bottleneck.errors.forward.p', 0, 0.35, 15
    err = [0.025, to]
    low = [0.025, 0.1]
    below20 = [0.025, 0.175]
    forty = reading('40 flows (20 + 20) at 5 kb/s each; the paper runs 2 to 100 for Figs. 5-6 and 40 for Figs. 9-12, '
                    '28-31')
    out = [
        relation('ng-chan/3.4/srp-more', P,
                 'SRP grabs more bandwidth share than TCP traffic', '§3.4, Fig. 5 (no error)',
                 share('srp', 'srp', x=0), '>', share('srp', 'reno', x=0), reading=forty),
        relation('ng-chan/3.4/crp-less', P,
                 'CRP traffic obtains less bandwidth than its competing TCP traffic streams', '§3.4, Fig. 6 (no error)',
                 share('crp', 'crp', x=0), '<', share('crp', 'reno', x=0), reading=forty),
        not_expressible('ng-chan/3.4/number-of-streams', P,
                        'the number of traffic streams has no major effect on TCP-friendliness for both SRP and CRP',
                        '§3.4, Figs. 5-6',
                        '"no major effect" names no size of effect to hold the runs to; the Sweep view draws the '
                        'shares against the number of flows, but a claim cannot say how flat is flat'),
        relation('ng-chan/3.5/srp-more-with-error', P,
                 'throughput of SRP also have higher bandwidth share than that of the TCP traffic',
                 '§3.5, Fig. 9 (2.5 % to 35 %)', share('srp', 'srp', x_range=err), '>',
                 share('srp', 'reno', x_range=err)),
        relation('ng-chan/3.5/tcp-decreases-beside-srp', P,
                 'TCP throughput decreases when the injected error rate increases', '§3.5, Fig. 9 (beside SRP: 35 % '
                 'against 2.5 %)', share('srp', 'reno', x=to), '<', share('srp', 'reno', x=0.025)),
        relation('ng-chan/3.5/tcp-decreases-beside-crp', P,
                 'TCP throughput decreases when the injected error rate increases', '§3.5, Fig. 10 (beside CRP: 35 % '
                 'against 2.5 %)', share('crp', 'reno', x=to), '<', share('crp', 'reno', x=0.025)),
        relation('ng-chan/3.5/srp-better-at-low-error', P,
                 'the performance of SRP is much better than that of CRP when the error rate is low',
                 '§3.5, Figs. 9-10 (read as their normalized throughputs, at 2.5 %)',
                 ref('srp', 'fair_share', x=0.025), '>', ref('crp', 'fair_share', x=0.025)),
        relation('ng-chan/3.5/reverses-at-high-error', P,
                 'and the situation reverses when error rate increases',
                 '§3.5, Figs. 9-10 (read as their normalized throughputs, at 35 %)',
                 ref('crp', 'fair_share', x=to), '>', ref('srp', 'fair_share', x=to)),
        not_expressible('ng-chan/3.5/neither-at-high-error', P,
                        'neither SRP nor CRP estimate the TCP bandwidth share well in this environment',
                        '§3.5 (beyond 20 % error)', '"well" sets no margin to judge the shares by'),
        not_expressible('ng-chan/3.5/drop-tail-similar', P,
                        'The results are very similar to those obtained using RED queues', '§3.5, Figs. 11-12',
                        '"very similar" names no margin, and the comparison is between two presets\' runs (RED '
                        'and drop-tail) where a claim reads one preset\'s'),
        not_expressible('ng-chan/3.5/512-more-pronounced', P,
                        'the deviation of the simple and complex models from TCP bandwidth is even more pronounced '
                        'than the case with packet size of 256 bytes', '§3.5, Figs. 7-8',
                        'compares runs at 512 bytes with runs at 256 bytes, two presets, where a claim reads one '
                        'preset\'s runs (the Sweep view\'s x sets flows[0]\'s packet size only)'),
        relation('ng-chan/6.2/crp-deviates-at-low-error', P,
                 'CRP throughput [...] deviates significantly from mean TCP throughput [...] especially when the added '
                 'error rate is low', '§6.2, Fig. 28 (2.5 % to 10 %)', share('crp', 'crp', x_range=low), '<',
                 share('crp', 'reno', x_range=low)),
        # §6.2, Figs. 28-29 (CRP and MRP, each beside 20 Reno flows): "Both figures show that
        # throughput of network connection decreases with error rate added increases", and of
        # Fig. 28 "Both throughput decreases when the error rate increases".
        *[relation(f'ng-chan/6.2/decreases-{q}' + ('' if q == proto else f'-beside-{proto}'), P,
                   'Both figures show that throughput of network connection decreases with error rate added increases',
                   f'§6.2, Fig. {28 if proto == "crp" else 29} ({NAMES[q] if q == proto else "TCP beside " + NAMES[proto]}'
                   ': 35 % against 2.5 %)', share(proto, q, x=to), '<', share(proto, q, x=0.025))
          for proto in ('crp', 'mrp') for q in (proto, 'reno')],
        not_expressible('ng-chan/6.2/tcp-sharper-beside-crp', P,
                        'Both throughput decreases when the error rate increases, but the TCP throughput decreases much '
                        'more sharply in the case of CRP', '§6.2, Figs. 28-29',
                        'compares how fast two curves fall (TCP beside CRP against TCP beside MRP): a difference of '
                        'differences the claim format has no check for, and "much more" names no size'),
        number('ng-chan/6.2/mrp-tcp-friendly', P,
               'MRP, based on the modified TCP modeling formula, achieves both TCP-friendliness and provides an '
               'accurate TCP throughput estimate', '§6.2, Fig. 29 (MRP over TCP, 2.5 % to 17.5 %: below the 20 % §7 '
               'bounds it to)', 1, share('mrp', 'mrp', x_range=below20), right=share('mrp', 'reno', x_range=below20)),
        relation('ng-chan/6.4/tfrc-underestimates', P, 'TFRC also underestimates TCP throughput',
                 '§6.4, Fig. 32 (2.5 % to 35 %)', share('tfrc', 'tfrc', x_range=err), '<',
                 share('tfrc', 'reno', x_range=err)),
        relation('ng-chan/6.4/modified-tfrc-higher', P, 'the modified TFRC achieved a higher throughput',
                 '§6.4, Figs. 32-33 (2.5 % to 35 %)', ref('tfrc_modified', 'fair_share', x_range=err), '>',
                 ref('tfrc', 'fair_share', x_range=err)),
        number('ng-chan/6.4/modified-tfrc-equitable', P,
               'the share of the link between the modified TFRC and TCP traffic streams is reasonably equitable',
               '§6.4, Fig. 33 (modified TFRC over TCP, 2.5 % to 35 %)', 1,
               share('tfrc_modified', 'tfrc_modified', x_range=err),
               right=share('tfrc_modified', 'reno', x_range=err)),
    ]
    return {
        'id': 'ngchan-dumbbell-error',
        'title': 'Rate-based protocols beside TCP under random error: SRP, CRP, MRP, TFRC (Ng & Chan §3.4-3.5, §6.2, §6.4)',
        'paper': PAPER, 'section': '§3.4-3.5, §6.2, §6.4, Figs. 5-6, 9-10, 28-33',
        'caption': ('Forty flows share the Fig. 4 dumbbell with Table 1\'s settings: 5 kb/s of RED bottleneck per flow '
                    '(0.2 Mb/s), 50 ms, a buffer of 5 x BW x RTT per flow, 256-byte packets, 250 s. Twenty run '
                    'Reno; the other twenty run the curve\'s rate-based protocol. The bottleneck drops packets at '
                    'random at the rate on the x axis (none, then 2.5 % to 35 % as in §3.5); the y axis is the '
                    'rate-based flows\' normalized throughput as the paper defines it: throughput achieved over the '
                    'bandwidth allocated to each stream (1/40 of the link; "Share of the allocation by protocol" gives '
                    'the Reno flows\' beside it). SRP follows the simple equation, which has no timeouts; CRP the '
                    'complex one; MRP and the modified TFRC Ng & Chan\'s corrected timeout probability. Cost: 15 '
                    'points x 5 protocols x 5 seeds = 375 runs of 40 flows.'),
        'hash': sweep_hash(schema, base, x, frm, to, n, 'fair_share', 5, ['srp', 'crp', 'mrp', 'tfrc', 'tfrc_modified']),
        'evidence': {'published': [], 'claims': out},
    }


# ---- §4.2, §4.3, §6.3: the wireless last hop -----------------------------------------------

def last_hop(schema):
    base = load_scenario('ngchan-lasthop.json')
    setup = ('Fig. 15\'s topology with Table 2\'s settings: a proxy cache server at the base station sends one '
             'rate-based stream to a mobile client over the 150 kb/s, 200 ms last hop (RED, a buffer of 4 x BW x '
             'RTT = 120 packets of 256 bytes), which Reno streams from 10 Mb/s side links (3 ms each side) share; '
             '250 s, statistics from 10 s. The y axis is the paper\'s normalized throughput: throughput achieved over '
             'the bandwidth allocated to each stream (the last hop over the number of streams).')
    streams = base.copy()
    streams['topology'] = dict(base['topology'], bottleneck=dict(base['topology']['bottleneck'],
                                                                 errors={'forward': {'model': 'none'}}))
    streams['flows'] = base['flows'][:2]
    n_streams = [2, 11]
    error = [0, 0.3]
    low = [0, 0.1]
    below20 = [0, 0.15]
    # §4.3 (Table 3): the same last hop, 1024-byte packets (Figs. 22-23), no error, and the ten Reno
    # streams' side links at 1 Mb/s with their propagation delay on x (flows[1:]: every flow after
    # the rate-based one). Table 3's buffer of 4 x BW x RTT is §4.2's 120 packets of 256 bytes
    # (RTT 0.41 s: the last hop both ways), 30 packets of 1024 bytes.
    delay = dict(base, topology=dict(base['topology'], bottleneck=dict(base['topology']['bottleneck'],
                                                                        queue_packets=30,
                                                                        errors={'forward': {'model': 'none'}})))
    delay['flows'] = [dict(f, tcp=dict(f['tcp'], mss_bytes=1024),
                           access=f['access'] if i == 0 else dict(f['access'], rate_mbps=1))
                      for i, f in enumerate(base['flows'])]
    delays = [3, 100, 200, 300]
    delay_reading = reading('side-link delays of 3 (§4.2\'s side links) to 300 ms, one way: the figures that gave '
                            'the paper\'s delays are lost in the text we have')
    less_at_256_why = ('compares the delay\'s effect at 1024 bytes (Figs. 22-23) with that at 256 bytes (Figs. '
                       '20-21): runs of two presets, where a claim reads one preset\'s runs')
    return [{
        'id': 'ngchan-lasthop-streams',
        'title': 'SRP and CRP on a wireless last hop beside more and more TCP streams (Ng & Chan §4.2, Figs. 16-17)',
        'paper': PAPER, 'section': '§4.2, Table 2, Figs. 16-17',
        'caption': (setup + ' No error here: the x axis is the number of flows, the rate-based one and 1 to 10 '
                    'Reno streams (each point copies the last flow). Cost: 10 points x 2 protocols x 5 seeds = 100 '
                    'runs.'),
        'hash': sweep_hash(schema, streams, 'flows', 2, 11, 10, 'fair_share', 5, ['srp', 'crp']),
        'evidence': {'published': [], 'claims': [
            relation('ng-chan/4.2/srp-keeps-growing', P,
                     'in SRP the throughput of the protocol continues to grow with increasing number of TCP traffic '
                     'stream even after the link is congested', '§4.2, Fig. 16, which plots the normalized throughput '
                     '(§4.2: "Figs. 16 and 17 show the normalized throughput of SRP and CRP"): SRP\'s at every added '
                     'TCP stream, 1 to 10', share('srp', 'srp', x_range=n_streams), '>', steps=True),
            number('ng-chan/4.2/crp-fair', P,
                   'by taking timeout into consideration, the complex model achieves fairness between TCP and the '
                   'TCP-friendly equation-based protocol', '§4.2, Fig. 17 (CRP over TCP, 1 to 10 TCP streams)', 1,
                   share('crp', 'crp', x_range=n_streams), right=share('crp', 'reno', x_range=n_streams)),
        ]},
    }, {
        'id': 'ngchan-lasthop-error',
        'title': 'SRP, CRP and MRP on a lossy wireless last hop beside 10 TCP streams (Ng & Chan §4.2, §6.3)',
        'paper': PAPER, 'section': '§4.2, §4.3, §6.3, Table 2, Figs. 18-23, 30-33',
        'caption': (setup + ' One rate-based stream and 10 Reno streams; random error on the last hop from 0 to '
                    '30 % on the x axis. Cost: 7 points x 3 protocols x 5 seeds = 105 runs of 11 flows.'),
        'hash': sweep_hash(schema, base, 'topology.bottleneck.errors.forward.p', 0, 0.3, 7, 'fair_share', 5,
                           ['srp', 'crp', 'mrp']),
        'evidence': {'published': [], 'claims': [
            relation('ng-chan/4.2/tcp-share-decreases-beside-srp', P,
                     'The share of bandwidth consumed by TCP keeps decreasing when the percentage of error added to the '
                     'last hop channel increases', '§4.2, Fig. 18 (beside SRP: at every step of error, none to 30 %)',
                     share('srp', 'reno', x_range=error), '<', steps=True),
            relation('ng-chan/4.2/tcp-share-decreases-beside-crp', P,
                     'The share of bandwidth consumed by TCP keeps decreasing when the percentage of error added to the '
                     'last hop channel increases', '§4.2, Fig. 19 (beside CRP: at every step of error, none to 30 %)',
                     share('crp', 'reno', x_range=error), '<', steps=True),
            relation('ng-chan/4.2/tcp-below-srp', P, 'TCP bandwidth share is between that of SRP and CRP',
                     '§4.2, Figs. 18-19 (SRP above TCP, every error rate)', share('srp', 'srp', x_range=error), '>',
                     share('srp', 'reno', x_range=error)),
            relation('ng-chan/4.2/tcp-above-crp', P, 'TCP bandwidth share is between that of SRP and CRP',
                     '§4.2, Figs. 18-19 (CRP below TCP, every error rate)', share('crp', 'crp', x_range=error), '<',
                     share('crp', 'reno', x_range=error)),
            relation('ng-chan/4.2/srp-diverges', P,
                     'SRP keeps diverging from the TCP bandwidth when the error rate is high',
                     '§4.2, Fig. 18 (SRP over TCP at every step of error from 5 % to 30 %)',
                     ref('srp', 'normalized_throughput', x_range=[0.05, 0.3]), '>', steps=True),
            relation('ng-chan/4.2/crp-worse-at-low-error', P, 'while CRP performs worse when the error rate low',
                     '§4.2, Fig. 19 (CRP below TCP, none to 10 %)', share('crp', 'crp', x_range=low), '<',
                     share('crp', 'reno', x_range=low)),
            number('ng-chan/6.3/mrp-similar', P,
                   'MRP clearly maintains a throughput similar to that of the TCP connections',
                   '§6.3, Figs. 30-31 (MRP over TCP, every error rate)', 1, share('mrp', 'mrp', x_range=error),
                   right=share('mrp', 'reno', x_range=error)),
            relation('ng-chan/6.3/crp-underestimates-below-20', P,
                     'CRP (which consistently underestimates TCP bandwidth when error added is below 20%',
                     '§6.3, Fig. 30 (none to 15 %)', share('crp', 'crp', x_range=below20), '<',
                     share('crp', 'reno', x_range=below20)),
        ]},
    }, {
        'id': 'ngchan-lasthop-delay',
        'title': 'SRP and CRP on the wireless last hop beside end-to-end TCP: the side links\' delay (Ng & Chan §4.3)',
        'paper': PAPER, 'section': '§4.3, Table 3, Figs. 22-23',
        'caption': ('Fig. 15\'s topology with Table 3\'s settings: one rate-based stream from the proxy cache server '
                    'and 10 Reno streams over the 150 kb/s, 200 ms last hop (RED, a buffer of 4 x BW x RTT = 30 packets '
                    'of 1024 bytes), no error; the Reno streams arrive over 1 Mb/s side links whose one-way '
                    'propagation delay is on the x axis (every flow after the first, flows[1:]), as TCP traffic '
                    'that "has traversed the Internet before arriving at the proxy cache server"; 250 s, statistics '
                    'from 10 s. The y axis is the normalized throughput. Cost: 4 points x 2 protocols x 5 seeds = '
                    '40 runs of 11 flows.'),
        'hash': sweep_hash(schema, delay, 'flows[1%3A].access.delay_ms', delays[0], delays[-1], len(delays),
                           'fair_share', 5, ['srp', 'crp'], points=delays),
        'evidence': {'published': [], 'claims': [
            relation('ng-chan/4.3/crp-friendlier', P, 'CRP is more TCP-friendly than SRP in this experiment',
                     '§4.3, Figs. 22-23 (1024 bytes; read as CRP taking less of its allocation than SRP at every '
                     'delay, TCP-friendliness being not to take more than TCP)',
                     ref('crp', 'fair_share', x_range=[delays[0], delays[-1]]), '<',
                     ref('srp', 'fair_share', x_range=[delays[0], delays[-1]]), reading=delay_reading),
            # "decreases steadily": at every longer delay than the one before, beside each protocol.
            *[relation(f'ng-chan/4.3/tcp-falls-with-delay-beside-{proto}', P,
                       'the throughput of the TCP traffic decreases steadily as the propagation delay [increases]',
                       f'§4.3, Fig. {22 if proto == "srp" else 23} (TCP beside {NAMES[proto]}, at every step of '
                       'delay; the sentence breaks off at the page\'s end)',
                       share(proto, 'reno', x_range=[delays[0], delays[-1]]), '<', steps=True, reading=delay_reading)
              for proto in ('srp', 'crp')],
            not_expressible('ng-chan/4.3/less-at-256', P,
                            'This effect is not as pronounced when the packet size is reduced to 256 bytes',
                            '§4.3, Figs. 20-21', less_at_256_why),
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


# Why each claim that does not hold fails here, from the recorded runs and, for §3.1, the
# same sweep over 2000 s (8x the packets; 5 seeds): the texts quote what was measured and
# say where a cause is not isolated. 'long' links the 2000 s baseline, 'self' the preset.
# §4.3's preset (ngchan-lasthop-delay), measured natively at its 5 seeds and at 20 (its
# link with sweep.k=20, the explanations' 'k20'), 2026-11-29.
_STEADY = ('At 5 seeds Reno\'s normalized throughput falls at every step in the means (0.894, 0.868, 0.827, 0.817 '
           'beside SRP; 0.960, 0.929, 0.859, 0.854 beside CRP), but only the 100-200 ms step beyond the 95 % '
           'intervals. At 20 seeds the 3-100 ms step separates too (0.900 ± 0.006 to 0.873 ± 0.008 beside SRP, '
           '0.961 ± 0.009 to 0.927 ± 0.010 beside CRP), and the 200-300 ms step still does not (0.818 ± 0.007 to '
           '0.813 ± 0.007; 0.860 ± 0.009 to 0.853 ± 0.006): in our runs the fall flattens past 200 ms, where the '
           'rate-based stream\'s share still grows (SRP 2.39 to 2.56, CRP 1.96 to 2.17).')
EXPLAIN = {
    'ng-chan/4.2/srp-keeps-growing': (
        'SRP\'s normalized throughput grows from 1 to 10 TCP streams (0.904 to 1.47 at 5 seeds) but not at every '
        'added stream beyond the intervals: at 5 seeds it dips from 3 to 4 flows (1.07 to 1.05) and from 9 to 10 '
        '(1.42 to 1.32). At 20 seeds (0.911, 1.025, 1.104, 1.159, 1.204, 1.244, 1.299, 1.393, 1.375, 1.424 ± '
        '0.03-0.05) the first two steps separate, most later ones (about 0.05 each) stay within the intervals, and '
        'the step from 9 to 10 flows still falls in the mean.', 'k20'),
    'ng-chan/4.2/srp-diverges': (
        'At 5 seeds the step from 5 % to 10 % error (SRP 1.57 ± 0.14 to 1.85 ± 0.18 of TCP) is within the '
        'intervals, every later one beyond them; at 20 seeds every step from 5 % to 30 % separates (1.61 ± 0.04, '
        '1.84 ± 0.06, 2.33 ± 0.08, 3.15 ± 0.13, 4.39 ± 0.22, 8.55 ± 1.15).', 'k20'),
    'ng-chan/4.3/tcp-falls-with-delay-beside-srp': (_STEADY, 'k20'),
    'ng-chan/4.3/tcp-falls-with-delay-beside-crp': (_STEADY, 'k20'),
    'ng-chan/4.3/crp-friendlier': (
        'CRP takes less of its allocation than SRP at every delay in the means at 5 seeds (1.19, 1.55, 1.97, 2.15 '
        'against 1.81, 2.16, 2.32, 2.50) but the intervals overlap at 200 and 300 ms; at 20 seeds they are apart at '
        'every delay (1.96 ± 0.09 against 2.39 ± 0.06 at 200 ms, 2.17 ± 0.05 against 2.56 ± 0.07 at 300 ms).', 'k20'),
    'ng-chan/3.1/complex-underestimates': (
        'With the one-packet buffer the RTT the equations are fed is near the path\'s, and over 2000 s the complex '
        'model is above the goodput below 20 % (0.0092 vs 0.0070 Mb/s at 2.5 %, 0.0060 vs 0.0054 at 10 %) and below it '
        'from 25 % (0.0014 vs 0.0018): it underestimates only where timeouts hold the flow. With a deep buffer (the '
        'reading\'s sweep) the flow fills it at low error and the queueing delay lowers the estimate there.', 'long'),
    'ng-chan/3.1/simple-better-at-low-error': (
        'Over 2000 s the simple model is 150 % off at 2.5 % and the complex one 31 %: with the one-packet buffer the '
        'simple model, without a timeout term, overshoots from the first losses. With a deep buffer the flow fills it '
        'at low error, its RTT grows, and the simple model lands on the goodput instead (the reading\'s sweep).',
        'long'),
    'ng-chan/3.1/simple-better-low-than-high': (
        'Five runs of 250 s leave the simple model\'s deviation too wide to order: 181 % (interval 174-188) at 7.5 % '
        'against 172 % (167-177) at 5 %, and intervals 440 to 5200 points wide from 12.5 %, where a run sees few loss '
        'indications. Over 2000 s it is 164 % off at 5 % and 178, 197, 235 % ... 4006 % at 7.5, 10, 12.5 ... 40 %, '
        'above 5 %\'s at every rate: it does grow with the error, which 5 short runs cannot show.', 'long'),
    'ng-chan/7/complex-better-at-high-error': (
        'Five runs of 250 s leave both deviations wide at 17.5-22.5 % (the simple model\'s intervals 1100-1500 '
        'points wide); over 2000 s the complex model is 3-48 % off from 7.5 to 40 % and the simple one 178-4006 %, '
        'below it at every rate, which 5 short runs cannot show.', 'long'),
    'ng-chan/3.1/complex-improves': (
        'Five runs of 250 s leave the deviation at 20 % wide (26 %, interval 0-80 %); over 2000 s the complex model is '
        'off by 31 % at 2.5 % and by 13 %, 1 % and 22 % at 15, 20 and 25 %: it does improve, which 5 short runs cannot '
        'show.', 'long'),
    'ng-chan/3.1/complex-worsens-beyond-25': (
        'A 250 s run at 27.5-40 % delivers 30-100 packets and the intervals overlap; over 2000 s the complex model is '
        'off by 1 % at 20 % and by 33 %, 40 % and 54 % at 27.5, 32.5 and 40 %: it does worsen, which 5 short runs '
        'cannot show.', 'long'),
    'ng-chan/6.1/modified-more-accurate': (
        'Our modified model follows the simple one while windows hold more than three packets (P(Q) is near 0 there): '
        'over 2000 s it is 106 % off at 10 % where the complex model is 13 % off, and closer only at 25 % (9 % against '
        '22 %).', 'long'),
    'ng-chan/6.1/modified-below-20pct': (
        'Our modified model follows the simple one below 20 % (P(Q) is near 0 while windows hold more than three '
        'packets): over 2000 s it is 106 % off at 10 % and 62 % at 17.5 %, the complex model 13 % and 2 %.', 'long'),
    'ng-chan/6.1/modified-worse-beyond-20': (
        'Ours is the other way round: over 2000 s the modified model is 106 % off at 10 % and 9-54 % off from 25 to '
        '40 %, because below 20 % it follows the simple model.', 'long'),
    'ng-chan/3.5/reverses-at-high-error': (
        'SRP stays above CRP at every error rate: at 35 % SRP takes 1.28 of its allocation and CRP 0.85. The simple '
        'equation at a loss rate near 35 % still allows more than the complex one, whose timeout term grows with p, '
        'so the two never cross here.', 'self'),
    'ng-chan/6.2/mrp-tcp-friendly': (
        'MRP takes 2.1 times the Reno flows\' throughput at 2.5 % (1.32 of its allocation, the Reno flows 0.62): at 5 kb/s per flow a round holds one or two '
        '256-byte packets, a Reno window is as small and times out, and MRP\'s equation (near the simple one while '
        'P(Q) is near 0) allows more than such a Reno gets (cause not isolated further).', 'self'),
    'ng-chan/3.4/crp-less': (
        'Without error CRP takes 1.05 of its allocation and the Reno flows 0.94 (1.25 and 0.73 before CRP ran on '
        'the paper\'s ns-2 timers too): the complex equation at the Reno flows\' own loss rate, SRTT and median RTO '
        'allows about twice what they get; they lose to back-off after repeated timeouts, which the equation\'s '
        'timeout term does not charge at the RTO CRP measures (docs/conformance/ng-chan.md).', 'self'),
    'ng-chan/6.2/crp-deviates-at-low-error': (
        'At 2.5 % CRP takes 1.01 of its allocation and the Reno flows 0.92: CRP deviates from TCP, but above it, not '
        'below (its loss rate counts one indication per round with losses, §2.2).', 'self'),
    'ng-chan/6.4/modified-tfrc-higher': (
        'Above 25 % the two TFRCs\' intervals overlap (0.41 against 0.33 of their allocation at 27.5 %, 5 seeds); below '
        'it the modified one takes more, as the paper says.', 'self'),
    'ng-chan/6.4/modified-tfrc-equitable': (
        'The modified TFRC takes 0.78 of the Reno flows\' throughput at 15 %, just outside the 20 %, and less beyond.',
        'self'),
    'ng-chan/4.2/crp-fair': (
        'CRP takes 1.24 times a Reno stream\'s throughput beside five (outside the 20 %): counted once per round '
        '(§2.2\'s loss indications), its loss rate stays below the Reno streams\' and the complex equation allows more '
        'than they get on the 150 kb/s last hop (cause not isolated further).', 'self'),
    'ng-chan/4.2/tcp-above-crp': (
        'With no error CRP takes 1.21 of its allocation and the Reno streams 0.97: its loss '
        'rate, one indication per round with losses (§2.2), stays low, and the complex equation does not hold it '
        'below TCP at the last hop (cause not isolated further).', 'self'),
    'ng-chan/4.2/crp-worse-at-low-error': (
        'With no error CRP takes 1.21 of its allocation and the Reno streams 0.97: its loss '
        'rate, one indication per round with losses (§2.2), stays low, and the complex equation does not hold it '
        'below TCP at the last hop (cause not isolated further).', 'self'),
    'ng-chan/6.3/crp-underestimates-below-20': (
        'With no error CRP takes 1.21 of its allocation and the Reno streams 0.97: its loss '
        'rate, one indication per round with losses (§2.2), stays low, and the complex equation does not hold it '
        'below TCP at the last hop (cause not isolated further).', 'self'),
    'ng-chan/6.3/mrp-similar': (
        'Without error MRP takes 1.4 times a Reno stream\'s throughput: with few loss indications its equation, near '
        'the simple one while P(Q) is near 0, allows more than a Reno stream gets on the last hop.', 'self'),
}


def attach_explanations(schema, presets):
    """Each failing claim's explanation (EXPLAIN), linking its experiment."""
    by_id = {p['id']: p for p in presets}
    base = by_id['ngchan-baseline']
    long_hash = base['hash'].replace('duration_s=250', 'duration_s=2000')
    assert long_hash != base['hash']
    for p in presets:
        for c in p.get('evidence', {}).get('claims', []):
            if c.get('id') in EXPLAIN:
                text, where = EXPLAIN[c['id']]
                if where == 'k20':
                    hash_text = p['hash'].replace('sweep.k=5', 'sweep.k=20')
                    assert hash_text != p['hash']
                else:
                    hash_text = long_hash if where == 'long' else p['hash']
                c['explain'] = explain(text, hash_text)
    return presets


def main():
    schema = engine_schema()
    # The paper's ns-2 (received January 2002: ns-2.1b8, 100 ms ticks) for its TCP flows.
    # ng-chan-models (kept by hand) stays the ns-3 reference scenario it is checked against.
    new = on_paper_platform(schema, attach_explanations(schema, [baseline(schema), dumbbell(schema)] + last_hop(schema) +
                                                        [tfrc_friendliness(schema)]), 'ns2_2001')
    write_presets(new, after='ng-chan-models', papers={P: PAPER_BLOCK})
    print(f'{len(new)} Ng & Chan presets written', file=sys.stderr)


if __name__ == '__main__':
    main()
