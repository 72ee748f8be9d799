#!/usr/bin/env python3
"""Writes the DCTCP preset (issue 22, "M. Today's Internet") into
public/presets/presets.json: DCTCP against NewReno with classic ECN (RFC 3168), one
flow each over the same step-marking queue (K = 20 packets) on a 100 Mb/s bottleneck.
Its hash is the page's canonical one, made from the engine's schema (needs
build/engine/plab).

usage: python3 scripts/dctcp-presets.py
"""
from presetlib import engine_schema, scenario_hash, write_presets

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


def main():
    schema = engine_schema()
    preset = {
        'id': 'dctcp-step-queue',
        'title': "DCTCP's queue holding at K",
        'paper': "Today's Internet (ECN, DCTCP)",
        'section': 'RFC 8257 §3; Alizadeh et al., SIGCOMM 2010 §3.1, §3.4; RFC 3168 §6.1',
        'caption': CAPTION,
        'hash': '#' + '&'.join(scenario_hash(schema, SCENARIO) + ['view=compare', 'cmp=dctcp,newreno']),
    }
    write_presets([preset])


if __name__ == '__main__':
    main()
