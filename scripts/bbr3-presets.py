#!/usr/bin/env python3
"""Writes the BBR v3 preset (issue 22, "M. Today's Internet") into
public/presets/presets.json: four flows of BBR v1, then of BBR v3
(draft-ietf-ccwg-bbr-01), through a 20 Mb/s, 39 ms bottleneck whose buffer is swept
over 25, 50 and 100 packets (about 0.25, 0.5 and 1 BDP), with the literature's claim
that v1 retransmits excessively on shallow buffers and v2/v3 mitigates it, judged on
the runs. The numbers the caption quotes are measured by the CLI when this runs
(scripts/measure.py). Needs build/engine/plab.

usage: python3 scripts/bbr3-presets.py
"""
from presetlib import engine_schema, paper, ref, relation, scenario_hash, view_parts, write_presets
import measure

PAPER = 'bbr3'
FLOW = {
    'protocol': 'bbr',
    'channel': {'forward': {'model': 'none'}, 'reverse': {'model': 'none'}},
    'app': {'token_bucket': {'enabled': False}},
}
SCENARIO = {
    'duration_s': 20,
    'topology': {
        'access': {'rate_mbps': 1000, 'delay_ms': 0.5},
        # 20 Mb/s x 39 ms = 97.5 kB: a BDP of about 94 packets of 1040 bytes.
        'bottleneck': {'rate_mbps': 20, 'delay_ms': 19, 'queue_packets': 50},
    },
    'flows': [dict(FLOW) for _ in range(4)],
}
POINTS = [25, 50, 100]
SHALLOW = [25, 50]

PAPER_BLOCK = paper(
    'BBR v3 (draft-ietf-ccwg-bbr-01) against BBR v1 on shallow buffers',
    'N. Cardwell, I. Swett, J. Beshay, "BBR Congestion Control", draft-ietf-ccwg-bbr-01, October 2024 (the '
    'algorithm); F. Yang, Q. Wu, Z. Li, Y. Liu, G. Pau, G. Xie, "BBRv2+: Towards Balancing Aggressiveness and '
    'Fairness with Delay-based Bandwidth Probing", arXiv:2107.03057, 2021 (the measured claim, on BBRv2, whose '
    'loss bounds inflight_hi and inflight_lo v3 keeps).',
    0.1,
    'The claims are relations between v1 and v3 on the same path; no number of the papers is compared (their '
    'testbeds are not this path). The path has no random element: every seed repeats the same run.')


def main():
    schema = engine_schema()
    link = '#' + '&'.join(
        scenario_hash(schema, SCENARIO) +
        view_parts(['bbr', 'bbr3'], 'topology.bottleneck.queue_packets', 0, 0, 0, 'retransmissions', 2, POINTS))
    m = measure.sweep(schema, link)
    at = lambda p, x, f='retransmissions': measure.at(m, p, x, f)
    fmt = lambda v: f'{v:.0f}'
    caption = (
        'Four bulk flows of one protocol through a 20 Mb/s bottleneck, 39 ms round trip (a BDP of about 94 '
        'packets), the buffer swept over 25, 50 and 100 packets. BBR v1 keeps two BDPs in flight and ignores loss, '
        'so where the buffer is below a BDP its flows overflow it all the time. BBR v3 (draft-ietf-ccwg-bbr-01) '
        'bounds what it keeps in flight by inflight_hi, set where a flight lost more than 2 % (§5.5.6), and cuts '
        'inflight_lo and bw_lo by 0.7 on a round with loss (§5.5.10). Measured here, flow 0\'s retransmissions in '
        f'20 s: at 25 packets v1 {fmt(at("bbr", 25))}, v3 {fmt(at("bbr3", 25))}; at 50 packets (0.5 BDP) v1 '
        f'{fmt(at("bbr", 50))}, v3 {fmt(at("bbr3", 50))}; at 100 packets (about a BDP) v1 {fmt(at("bbr", 100))}, '
        f'v3 {fmt(at("bbr3", 100))}: with a full BDP of buffer v1\'s window fits and v3, probing up to its loss '
        'bound every few seconds, loses more. Jain\'s index of the four flows at 50 packets: v1 '
        f'{at("bbr", 50, "jain_index"):.2f}, v3 {at("bbr3", 50, "jain_index"):.2f}. The path has no random '
        'element, so the two seeds repeat one run.')
    claims = [
        relation('bbr3/shallow/fewer-retransmissions', PAPER,
                 'BBRv2 [...] aims at addressing BBR\'s shortcomings of [...] excessive retransmissions in '
                 'shallow-buffered networks [...] BBRv2 mitigates the shortcomings of BBR',
                 'Yang et al. 2021, Abstract (BBRv2; v3 keeps its loss bounds: draft-ietf-ccwg-bbr-01 §5.5.6, '
                 '§5.5.10); ours: flow 0 of four, buffers of 25 and 50 packets (0.25 and 0.5 BDP)',
                 ref('bbr3', 'retransmissions', x_range=SHALLOW), '<', ref('bbr', 'retransmissions', x_range=SHALLOW)),
    ]
    preset = {
        'id': 'bbr3-shallow-buffer',
        'title': 'BBR v1 against v3 on a shallow buffer',
        'paper': "Today's Internet (BBR v3)",
        'section': 'draft-ietf-ccwg-bbr-01 §5.5.6, §5.5.10; Yang et al. 2021',
        'caption': caption,
        'hash': link,
        'evidence': {'published': [], 'claims': claims},
    }
    write_presets([preset], after='dctcp-step-queue', papers={PAPER: PAPER_BLOCK})


if __name__ == '__main__':
    main()
