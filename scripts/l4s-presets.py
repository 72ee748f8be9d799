#!/usr/bin/env python3
"""Writes the L4S presets (issue 22, "M. Today's Internet", item 6: "L4S and classic
sharing under DualPI2") into public/presets/presets.json: one TCP Prague flow (ECT(1),
the L4S queue) and one CUBIC flow (Not-ECT, the classic queue) through a DualPI2
bottleneck (RFC 9332), swept over the base RTT, with RFC 9332's claims; and the same
sweep with Prague's RTT independence off, the experiment that explains the claim that
does not hold at short RTTs, which carries the same claims: its rates' dependence on the
RTT explained, its numbers measured when this runs (scripts/measure.py). Hashes are the
page's canonical ones, made from the engine's schema (needs build/engine/plab).

The quotes are the words of draft-ietf-tsvwg-aqm-dualq-coupled-18's abstract (the draft
that became RFC 9332) and of RFC 9332 Appendix A.1's example parameters.

usage: python3 scripts/l4s-presets.py
"""
import copy

from presetlib import (engine_schema, explain, number, paper, reading, ref, relation, scenario_hash, view_parts,
                       write_presets)
import measure

P = 'rfc9332'
PAPER = "Today's Internet (L4S, DualPI2)"
DRAFT = 'draft-ietf-tsvwg-aqm-dualq-coupled-18, Abstract (the draft that became RFC 9332)'
PAPER_BLOCK = paper(
    'Dual-Queue Coupled AQM for Low Latency, Low Loss, and Scalable Throughput (L4S)',
    'K. De Schepper, B. Briscoe, G. White, RFC 9332 (Experimental), January 2023; its example algorithm DualPI2 '
    '(Appendix A.1). No simulations: its claims are the design\'s, checked here on our DualPI2 with TCP Prague and '
    'CUBIC. ns-3.44 has no DualPI2 upstream, so there is no ns-3 reference run.',
    0.25,
    ('The RFC says "roughly equivalent throughput per flow" and gives no number: its coupling factor k = 2 balances '
     'the rates of a Reno-like and a scalable flow from their steady-state formulas (§2.4), which hold only '
     'approximately (CUBIC is Reno-friendly only at small windows) and presume equal RTTs, while the classic flow\'s '
     'RTT includes its own 15 ms queue. Our three seeds of one point differ by up to about 25 % in the rate ratio '
     '(1.11 to 1.26 at 19 ms base RTT), so a ratio within 25 % of 1 is "roughly equivalent"; the same tolerance '
     'reads the classic queue\'s 15 ms target as held.'))

X = 'topology.bottleneck.delay_ms'
POINTS = [1, 4, 9, 20]  # base RTT 3, 9, 19 and 41 ms (access 0.5 ms each way)
AT = 9  # 19 ms base RTT

SCENARIO = {
    'duration_s': 20,
    'topology': {
        # A fast access link, so the bottleneck's queues are the ones that build.
        'access': {'rate_mbps': 1000, 'delay_ms': 0.5},
        'bottleneck': {'rate_mbps': 40, 'delay_ms': AT, 'queue_packets': 1000, 'queue': 'dualpi2'},
    },
    'flows': [
        {'protocol': 'prague', 'channel': {'forward': {'model': 'none'}, 'reverse': {'model': 'none'}},
         'app': {'token_bucket': {'enabled': False}}},
        {'protocol': 'cubic', 'channel': {'forward': {'model': 'none'}, 'reverse': {'model': 'none'}},
         'app': {'token_bucket': {'enabled': False}}},
    ],
}


def sweep_hash(schema, scenario):
    return '#' + '&'.join(scenario_hash(schema, scenario) +
                          view_parts(['prague', 'cubic'], X, 0, 0, 0, 'goodput_mbps', 3, points=POINTS))


CAPTION = (
    'A TCP Prague flow and a CUBIC flow share a 40 Mb/s DualPI2 bottleneck (RFC 9332) for 20 s, swept over the '
    'base RTT (3, 9, 19, 41 ms), 3 seeds a point. Prague sends ECT(1), so its packets wait in the L4S queue, marked '
    'from about 1 ms (and with k p\'); CUBIC\'s Not-ECT packets wait in the classic queue, which a PI controller '
    'holds near 15 ms by dropping with p\'^2. The "prague" curve is that pair (flow 0 is Prague); the "cubic" curve '
    'is the same link with flow 0 running CUBIC too, two classic flows. The claims read the Prague run\'s per-'
    'protocol figures: the two goodputs, each side\'s median queueing delay, Prague\'s retransmissions. Prague\'s '
    'RTT independence (prague.rtt_scaling, on as in Linux) slows its increase below 25 ms: at 3 and 9 ms base RTT '
    'it takes less than CUBIC; the next preset turns it off. ns-3.44 has no DualPI2: no ns-3 comparison. Cost: 4 '
    'points x 2 protocols x 3 seeds = 24 runs.')

CAPTION_OFF = (
    'The previous preset with Prague\'s RTT independence off (prague.rtt_scaling = false): Prague adds a segment '
    'per round trip whatever its RTT, as DCTCP does. At short base RTTs it then takes several times CUBIC\'s rate '
    '(3.97x at 3 ms, 2.62x at 9 ms, 1.83x at 19 ms measured), because the classic flow\'s round trip includes its '
    '15 ms queue and the L4S flow\'s does not: k = 2 balances the two only at equal RTTs (RFC 9332 §2.4). With it on '
    '(the previous preset) the short-RTT Prague flow grows more slowly instead: 0.43x and 0.68x. Cost: 24 runs.')


def isolation(preset, reading):
    """The abstract's L4S isolation claims: Prague's median queueing delay under 1 ms and no
    retransmission, at every base RTT of the sweep."""
    quote = 'isolating the sub-millisecond average queuing delay and zero congestion loss of L4S'
    every = [POINTS[0], POINTS[-1]]
    return [
        relation(f'rfc9332/{preset}/l4s-sub-ms', P, quote,
                 DRAFT + '; ours: Prague\'s median queueing delay, every base RTT' + reading,
                 ref('prague', 'queue_delay_median_by_protocol.prague', x_range=every), '<', value=1),
        relation(f'rfc9332/{preset}/l4s-zero-loss', P, quote,
                 DRAFT + '; ours: Prague\'s retransmissions, every base RTT' + reading,
                 ref('prague', 'retransmissions', x_range=every), '<=', value=0),
    ]


def main():
    schema = engine_schema()
    off = copy.deepcopy(SCENARIO)
    off['flows'][0]['prague'] = {'rtt_scaling': False}
    off_hash = sweep_hash(schema, off)
    main_hash = sweep_hash(schema, SCENARIO)
    base_rtt = reading(
        'base RTT', sweep=main_hash,
        holds_when=('19 and 41 ms base RTT (9 and 20 ms bottleneck delay): Prague / CUBIC 1.17 and 1.16; at 3 and '
                    '9 ms, 0.43 and 0.68 (Prague\'s increase is scaled to a 25 ms RTT)'))
    rates = 'pooling the capacity between any combination of Scalable and Classic flows with roughly equivalent ' \
            'throughput per flow'
    claims = [
        number('rfc9332/sharing/rate-ratio-19ms', P, rates, DRAFT + '; ours: Prague / CUBIC goodput at 19 ms base RTT',
               1, ref('prague', 'goodput_by_protocol.prague', AT), ref('prague', 'goodput_by_protocol.cubic', AT),
               reading=base_rtt),
        number('rfc9332/sharing/rate-ratio-3ms', P, rates, DRAFT + '; ours: Prague / CUBIC goodput at 3 ms base RTT',
               1, ref('prague', 'goodput_by_protocol.prague', 1), ref('prague', 'goodput_by_protocol.cubic', 1),
               explain=explain(
                   'At 3 ms base RTT Prague\'s RTT-independent increase (draft-briscoe-iccrg-prague-congestion-'
                   'control §2.5; on by default, as in Linux) adds (3/25)^2 = 0.014 segments per round trip, so it '
                   'takes 0.43x CUBIC\'s rate. With it off Prague takes 3.97x instead: the classic flow\'s RTT '
                   'includes its 15 ms queue, and k = 2 balances the rates only at equal RTTs (RFC 9332 §2.4). '
                   'Neither setting gives equal rates at a 3 ms base RTT; the link shows the sweep with it off.',
                   off_hash)),
        *isolation('sharing', ''),
        number('rfc9332/sharing/classic-target', P, 'target = 15 ms',
               'RFC 9332 Appendix A.1, Fig. 2 (the classic queue\'s delay target); ours: CUBIC\'s median queueing '
               'delay beside Prague at 19 ms base RTT', 15,
               ref('prague', 'queue_delay_median_by_protocol.cubic', AT), unit='ms',
               reading=reading('base RTT', sweep=main_hash,
                               holds_when=('3 to 19 ms base RTT (15.4 to 15.7 and 14.8 ms); at 41 ms CUBIC\'s slower '
                                           'sawtooth leaves the classic queue at 10.8 ms over 20 s'))),
    ]
    # The same claims on the sweep without RTT independence: what it shows is the RTT
    # dependence that RFC 9332 §2.4's k = 2 leaves (it balances the rates at equal RTTs only).
    def seed1(x):  # the off sweep's run at base RTT x, seed 1 (the CLI's sweep keeps no per-protocol figures)
        at_x = copy.deepcopy(off)
        at_x['topology']['bottleneck']['delay_ms'] = x
        return measure.runs(schema, '#' + '&'.join(scenario_hash(schema, at_x) + ['view=compare', 'cmp=prague']))[
            'prague']['summary']
    runs_off = {x: seed1(x) for x in POINTS}
    ratio = lambda x: runs_off[x]['goodput_by_protocol']['prague'] / runs_off[x]['goodput_by_protocol']['cubic']
    cq = lambda x: runs_off[x]['queue_delay_median_by_protocol']['cubic']
    off_claims = [
        number('rfc9332/rtt-scaling-off/rate-ratio', P, rates,
               DRAFT + '; ours: Prague / CUBIC goodput at every base RTT, Prague\'s RTT independence off', 1,
               ref('prague', 'goodput_by_protocol.prague', x_range=[POINTS[0], POINTS[-1]]),
               ref('prague', 'goodput_by_protocol.cubic', x_range=[POINTS[0], POINTS[-1]]),
               explain=explain(
                   'Without RTT independence Prague adds a segment per round trip, as a Reno-like flow does, so the '
                   'rates balance only where the two round trips are equal (RFC 9332 §2.4 derives k = 2 from the '
                   'two flows\' steady-state rates at one RTT). They are not: the classic flow\'s round trip '
                   'includes its own queue (CUBIC\'s median queueing delay ' +
                   ', '.join(f'{cq(x):.1f}' for x in POINTS) + ' ms at base RTTs 3, 9, 19 and 41 ms), the L4S '
                   'flow\'s less than 1 ms of its own, so Prague takes ' +
                   ', '.join(f'{ratio(x):.2f}x' for x in POINTS) + ' CUBIC\'s rate (seed 1), the more the shorter '
                   'the base RTT. The link is the preset with it on, which slows Prague below 25 ms instead.',
                   main_hash)),
        *isolation('rtt-scaling-off', ', RTT independence off'),
    ]
    presets = [
        {
            'id': 'l4s-dualpi2-sharing',
            'title': 'L4S and classic sharing under DualPI2: TCP Prague beside CUBIC',
            'paper': PAPER,
            'section': 'RFC 9332 §2.4, Appendix A.1; draft-briscoe-iccrg-prague-congestion-control §2',
            'caption': CAPTION,
            'hash': main_hash,
            'evidence': {'published': [], 'claims': claims},
        },
        {
            'id': 'l4s-dualpi2-rtt-scaling-off',
            'title': 'L4S and classic under DualPI2, Prague without RTT independence',
            'paper': PAPER,
            'section': 'RFC 9332 §2.4; draft-briscoe-iccrg-prague-congestion-control §2.5',
            'caption': CAPTION_OFF,
            'hash': off_hash,
            'evidence': {'published': [], 'claims': off_claims},
        },
    ]
    write_presets(presets, after='copa-competes-with-cubic', papers={P: PAPER_BLOCK})


if __name__ == '__main__':
    main()
