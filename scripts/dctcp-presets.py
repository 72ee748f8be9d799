#!/usr/bin/env python3
"""Writes the DCTCP preset (issue 22, "M. Today's Internet") into
public/presets/presets.json: DCTCP against NewReno with classic ECN (RFC 3168), one
flow each over the same step-marking queue (K = 20 packets) on a 100 Mb/s bottleneck.
Its hash is the page's canonical one, made from the engine's schema (needs
build/engine/plab). Its claims are the words of the DCTCP paper's and RFC 8257's
abstracts; the compare view runs one seed per protocol, so only number claims can be
judged on it (a relation needs a confidence interval), and those without a number are
said not expressible, with why. The numbers quoted in explanations are measured when
this runs (scripts/measure.py).

usage: python3 scripts/dctcp-presets.py
"""
import copy

from presetlib import engine_schema, explain, not_expressible, number, paper, ref, scenario_hash, write_presets
import measure

P = 'dctcp'
PAPER_BLOCK = paper(
    'Data Center TCP (DCTCP)',
    'M. Alizadeh, A. Greenberg, D. A. Maltz, J. Padhye, P. Patel, B. Prabhakar, S. Sengupta, M. Sridharan, '
    'SIGCOMM 2010; specified as RFC 8257 (S. Bensley, D. Thaler, P. Balasubramanian, L. Eggert, G. Judd, '
    'Informational, October 2017). Their claims are the design\'s, checked here on our DCTCP (RFC 8257 §3) over a '
    'step-marking queue at K = 20 packets, against NewReno with ECN (RFC 3168) on the same queue.',
    0.2,
    ('The paper\'s abstract gives round numbers ("the same or better throughput", "90% less buffer space") from '
     'its testbed, with no spread, and RFC 8257 gives none. The lab reads them within 20 %, the margin it gives '
     'other papers whose numbers come without a spread (TCP-ER, TCP-Real); the path has no random element, so '
     'the one run per protocol is its mean.'))
SIGCOMM = 'Alizadeh et al. 2010, Abstract'
RFC = 'RFC 8257, Abstract'


SCENARIO = {
    'duration_s': 5,
    'topology': {
        # A fast access link, so that the bottleneck's queue is the one that builds.
        'access': {'rate_mbps': 1000, 'delay_ms': 0.5},
        'bottleneck': {'rate_mbps': 100, 'delay_ms': 1, 'queue_packets': 200, 'queue': 'step',
                       'step': {'k_packets': 20}},
    },
    'flows': [{
        'tcp': {'ecn': True},
        'channel': {'forward': {'model': 'none'}, 'reverse': {'model': 'none'}},
        'app': {'token_bucket': {'enabled': False}},
    }],
}

CAPTION = (
    'One bulk flow through a 100 Mb/s bottleneck (about 4 ms round trip, a 200-packet buffer) whose queue marks '
    'every ECN-capable packet that arrives while 20 or more wait (K = 20), as DCTCP\'s switches do (Alizadeh et '
    'al. 2010 §3.1). DCTCP cuts its window by alpha/2 once per window, alpha being the fraction of its bytes '
    'marked (RFC 8257 §3.3), so the queue stays near K with the link full and nothing lost. NewReno with ECN '
    '(RFC 3168) halves on any mark in a window: the queue empties after each cut and the link idles a little. '
    'Compare the queue, the goodput and the RTT; then set the bottleneck to drop-tail and watch NewReno fill the '
    'whole buffer (tcp.ecn must be off there: a drop-tail queue cannot mark).')


def claims(schema, link):
    # The paper's TCP ran on its switches' shared buffers without marking: NewReno on the
    # same link with drop-tail (ECN off: a drop-tail queue cannot mark; DCTCP runs there
    # as NewReno, RFC 8257 §3.4).
    tail = copy.deepcopy(SCENARIO)
    tail['topology']['bottleneck']['queue'] = 'drop_tail'
    del tail['topology']['bottleneck']['step']
    tail['flows'][0]['tcp'] = {'ecn': False}
    tail_link = '#' + '&'.join(scenario_hash(schema, tail) + ['view=compare', 'cmp=dctcp,newreno'])
    here = measure.runs(schema, link)
    there = measure.runs(schema, tail_link)
    q = lambda r, p: r[p]['summary']['mean_queue_packets']
    buffer = explain(
        'The paper\'s TCP is TCP on a switch that does not mark: its buffer fills until it drops. Here NewReno '
        f'runs with ECN on DCTCP\'s own marking queue, halves at the first mark of a window and keeps less queue '
        f'than DCTCP ({q(here, "newreno"):.1f} packets on average against {q(here, "dctcp"):.1f}: ratio '
        f'{q(here, "dctcp") / q(here, "newreno"):.2f}). On the same link with drop-tail and ECN off (the link), '
        f'NewReno keeps {q(there, "newreno"):.1f} packets on average, and DCTCP\'s {q(here, "dctcp"):.1f} on the '
        f'marking queue are {100 * (1 - q(here, "dctcp") / q(there, "newreno")):.0f} % less: the paper\'s '
        'comparison is between two links, which one compare preset cannot hold.', tail_link)
    return [
        number('dctcp/abstract/throughput-vs-tcp', P, 'DCTCP delivers the same or better throughput than TCP',
               SIGCOMM + '; ours: DCTCP\'s goodput over NewReno\'s (with ECN) on the same link; "the same" (one run '
               'per protocol has no interval for "or better")', 1,
               ref('dctcp', 'goodput_mbps'), ref('newreno', 'goodput_mbps')),
        number('dctcp/abstract/buffer-vs-tcp', P, 'while using 90% less buffer space',
               SIGCOMM + '; ours: DCTCP\'s mean bottleneck queue over NewReno\'s (with ECN) on the same link, '
               '0.1 = 90 % less', 0.1,
               ref('dctcp', 'mean_queue_packets'), ref('newreno', 'mean_queue_packets'), explain=buffer),
        not_expressible('dctcp/rfc8257/alpha-estimate', P,
                        'DCTCP extends the Explicit Congestion Notification (ECN) processing to estimate the '
                        'fraction of bytes that encounter congestion', RFC,
                        'The estimate (alpha, RFC 8257 §3.3) is drawn over time in the DCTCP alpha chart and its '
                        'rule is pinned by the engine\'s tests (DctcpAlpha.*), but a run reports no figure of it '
                        'for a claim to read, and the abstract gives no number for it.'),
        not_expressible('dctcp/rfc8257/latency-throughput', P,
                        'This method achieves high-burst tolerance, low latency, and high throughput with shallow-'
                        'buffered switches', RFC,
                        'The words carry no number, and the compare view runs one seed per protocol, so no '
                        'relation to NewReno has the confidence interval a relation needs; this link has no burst '
                        '(incast) traffic. The caption gives the numbers: goodput, queue and RTT of each.'),
    ]


def main():
    schema = engine_schema()
    link = '#' + '&'.join(scenario_hash(schema, SCENARIO) + ['view=compare', 'cmp=dctcp,newreno'])
    preset = {
        'id': 'dctcp-step-queue',
        'title': "DCTCP's queue holding at K",
        'paper': "Today's Internet (ECN, DCTCP)",
        'section': 'RFC 8257 §3; Alizadeh et al., SIGCOMM 2010 §3.1, §3.4; RFC 3168 §6.1',
        'caption': CAPTION,
        'hash': link,
        'evidence': {'published': [], 'claims': claims(schema, link)},
    }
    write_presets([preset], after='l4s-dualpi2-rtt-scaling-off', papers={P: PAPER_BLOCK})


if __name__ == '__main__':
    main()
