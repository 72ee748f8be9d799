#!/usr/bin/env python3
"""Writes the preset "LEDBAT yielding to CUBIC" (issue 22, "M. Today's Internet") into
public/presets/presets.json: one LEDBAT flow (RFC 6817) beside one CUBIC flow through a
10 Mb/s, 39 ms bottleneck whose buffer is swept over 50, 200 and 400 packets (about 42,
166 and 333 ms of queue, against LEDBAT's 100 ms TARGET); the compared protocols are
LEDBAT, CUBIC and NewReno in flow 0's place, flow 1 staying CUBIC. RFC 6817's words are
the claims, judged on the runs; the caption's numbers are measured by the CLI when this
runs (scripts/measure.py). Needs build/engine/plab.

usage: python3 scripts/ledbat-cubic-presets.py
"""
from presetlib import engine_schema, paper, ref, relation, scenario_hash, view_parts, write_presets
import measure

PAPER = 'ledbat'


def flow(protocol):
    return {
        'protocol': protocol,
        'channel': {'forward': {'model': 'none'}, 'reverse': {'model': 'none'}},
        'app': {'token_bucket': {'enabled': False}},
    }


SCENARIO = {
    'duration_s': 30,
    'topology': {
        'access': {'rate_mbps': 1000, 'delay_ms': 0.5},
        'bottleneck': {'rate_mbps': 10, 'delay_ms': 19, 'queue_packets': 200},
    },
    'flows': [flow('ledbat'), flow('cubic')],
}
POINTS = [50, 200, 400]
DEEP = [200, 400]  # a full buffer queues more than TARGET (100 ms)

PAPER_BLOCK = paper(
    'LEDBAT: Low Extra Delay Background Transport (RFC 6817)',
    'S. Shalunov, G. Hazel, J. Iyengar, M. Kuehlewind, "Low Extra Delay Background Transport (LEDBAT)", RFC 6817, '
    'December 2012.',
    0.1,
    'The RFC states no number to compare; its claims are relations (LEDBAT yields, it is no more aggressive than '
    'standard TCP), judged between flows of the same runs. The path has no random element: every seed repeats the '
    'same run.')


def main():
    schema = engine_schema()
    link = '#' + '&'.join(
        scenario_hash(schema, SCENARIO) +
        view_parts(['ledbat', 'cubic', 'newreno'], 'topology.bottleneck.queue_packets', 0, 0, 0, 'goodput_mbps', 2,
                   POINTS))
    # Each point's runs as the page's compare of that buffer (one seed: the path is
    # deterministic), for flow 1's goodput too, which the CLI's sweep does not report.
    def runs_at(x):
        scenario = dict(SCENARIO, topology=dict(SCENARIO['topology'],
                                                bottleneck=dict(SCENARIO['topology']['bottleneck'], queue_packets=x)))
        return measure.runs(schema, '#' + '&'.join(scenario_hash(schema, scenario) +
                                                   ['view=compare', 'cmp=ledbat,cubic,newreno']))
    at = {x: runs_at(x) for x in POINTS}
    g = lambda p, x, f='goodput_mbps': at[x][p]['flows'][1 if f == 'cubic' else 0]['goodput_mbps']
    caption = (
        'One LEDBAT flow beside one CUBIC flow through a 10 Mb/s bottleneck, 39 ms round trip, the buffer swept over '
        '50, 200 and 400 packets (about 42, 166 and 333 ms of queue when full). LEDBAT (RFC 6817 §2.4.2) keeps the '
        'one-way queuing delay it measures near TARGET (100 ms) and shrinks its window above it; CUBIC fills the '
        'buffer. Compare flow 0 as LEDBAT, as CUBIC and as NewReno beside the same CUBIC flow. Measured here, flow '
        f'0\'s goodput: at 200 packets LEDBAT {g("ledbat", 200):.2f} Mb/s against CUBIC\'s '
        f'{g("ledbat", 200, "cubic"):.2f}, at 400 packets {g("ledbat", 400):.2f} against '
        f'{g("ledbat", 400, "cubic"):.2f}; NewReno in its place gets {g("newreno", 200):.2f} and '
        f'{g("newreno", 400):.2f}. At 50 packets the full buffer holds less than TARGET, so LEDBAT sees no reason to '
        f'yield and takes {g("ledbat", 50):.2f} Mb/s, backing off only on loss, as Reno would. The path has no '
        'random element, so the two seeds repeat one run.')
    claims = [
        relation('ledbat/cubic/yields', PAPER,
                 'LEDBAT is designed for use by background bulk-transfer applications to be no more aggressive than '
                 'standard TCP congestion control [...] and to yield in the presence of competing flows',
                 'RFC 6817, Abstract; ours: LEDBAT\'s goodput against the CUBIC flow\'s, buffers of 200 and 400 '
                 'packets (a full buffer queues more than TARGET)',
                 ref('ledbat', 'goodput_by_protocol.ledbat', x_range=DEEP), '<',
                 ref('ledbat', 'goodput_by_protocol.cubic', x_range=DEEP)),
        relation('ledbat/cubic/no-more-aggressive-than-tcp', PAPER,
                 'to be no more aggressive than standard TCP congestion control (as specified in RFC 5681)',
                 'RFC 6817, Abstract; ours: flow 0 as LEDBAT against flow 0 as NewReno (RFC 5681 with RFC 6582), '
                 'each beside the CUBIC flow, at every buffer',
                 ref('ledbat', 'goodput_mbps', x_range=[POINTS[0], POINTS[-1]]), '<=',
                 ref('newreno', 'goodput_mbps', x_range=[POINTS[0], POINTS[-1]])),
    ]
    preset = {
        'id': 'ledbat-yields-to-cubic',
        'title': 'LEDBAT yielding to CUBIC',
        'paper': "Today's Internet (LEDBAT)",
        'section': 'RFC 6817, Abstract, §2.4.2',
        'caption': caption,
        'hash': link,
        'evidence': {'published': [], 'claims': claims},
    }
    write_presets([preset], after='bbr3-shallow-buffer', papers={PAPER: PAPER_BLOCK})


if __name__ == '__main__':
    main()
