#!/usr/bin/env python3
"""Writes the bufferbloat presets (issue 22, "M. Today's Internet", item 6) into
public/presets/presets.json: the same path, engine/scenarios/bufferbloat-aqm.json (two
bulk flows on a 10 Mb/s, 20 ms bottleneck behind a 500-packet buffer, 0.4 s of it), with
drop-tail, PIE (RFC 8033) and FQ-CoDel (RFC 8290) as its queue, each comparing CUBIC
with NewReno. The compare view compares protocols, not queues, so the three queues are
three presets, opened one after the other. Their captions state the RFCs' claims with
the numbers this run gives; engine/tests/bufferbloat_preset_test.cc checks each of them
on the same scenario file. Hashes are the page's canonical ones, made from the engine's
schema (needs build/engine/plab).

usage: python3 scripts/bufferbloat-presets.py
"""
import copy

from presetlib import engine_schema, load_scenario, scenario_hash, write_presets

PAPER = "Today's Internet (bufferbloat, AQM)"
COMMON = ('Two bulk flows (the second from 1 s) share a 10 Mb/s, 20 ms bottleneck behind a 500-packet buffer, '
          '0.4 s of queue when full; figures from 5 s to 30 s. ')

QUEUES = [
    ('drop_tail', 'bufferbloat-drop-tail', 'Bufferbloat 1/3: drop-tail fills a deep buffer',
     'RFC 8033 §1; RFC 8289 §1',
     COMMON + 'Drop-tail drops only when the buffer is full, so loss-based TCP fills it: the queue holds 170 ms '
     '(NewReno) to 300 ms (CUBIC) on average and every packet waits that long, with the link full either way. '
     'This is bufferbloat (RFC 8033 §1, RFC 8289 §1). Open 2/3 (PIE) and 3/3 (FQ-CoDel) for the same path with '
     'an AQM.'),
    ('pie', 'bufferbloat-pie', 'Bufferbloat 2/3: PIE beside drop-tail',
     'RFC 8033 §1, §4.2',
     COMMON + 'PIE drops arrivals at random with a probability that a PI controller moves every 15 ms from the '
     "queue delay, toward QDELAY_REF = 15 ms (RFC 8033 §4.2); it claims to hold the mean queueing latency near "
     'that target at full link use. Here: about 20 ms (24 packets) for both CUBIC and NewReno, against 170-300 '
     'ms with drop-tail, with over 91 % of the link used. Watch the queue chart and the RTT.'),
    ('fq_codel', 'bufferbloat-fq-codel', 'Bufferbloat 3/3: FQ-CoDel beside drop-tail',
     'RFC 8290 §1, §4; RFC 8289 §4.4',
     COMMON + 'FQ-CoDel gives each flow its own queue, serves them in turn (deficit round robin, new flows first) '
     'and runs CoDel in each, which drops once packets have waited more than its 5 ms target for 100 ms (RFC '
     '8290 §4, RFC 8289 §4.4). Claimed: a standing delay near 5 ms and an even share. Here: about 4 ms of queue '
     "(an RTT of about 47 ms, against 160-380 ms with drop-tail), Jain's index 1.00, over 93 % of the link used."),
]


def main():
    schema = engine_schema()
    base = load_scenario('bufferbloat-aqm.json')
    presets = []
    for queue, pid, title, section, caption in QUEUES:
        s = copy.deepcopy(base)
        s['topology']['bottleneck']['queue'] = queue
        presets.append({
            'id': pid,
            'title': title,
            'paper': PAPER,
            'section': section,
            'caption': caption,
            'hash': '#' + '&'.join(scenario_hash(schema, s) + ['view=compare', 'cmp=cubic,newreno']),
        })
    write_presets(presets, after='dctcp-step-queue')


if __name__ == '__main__':
    main()
