"""Learning objectives and "predict, then run" questions of the paper presets, by preset
id. presetlib.write_presets puts them into public/presets/presets.json on every run of a
generator, so regenerating a preset keeps its exercise. Fields (web/src/model/claims/presets.ts):
  objectives: what a student should be able to explain after the experiment;
  predict: {question, options, answer (the index of the right option), explain}.
The answer and the explanation say what the charts of that preset show."""

EXERCISES = {
    'contest-your-program': {
        'objectives': [
            'Read a contest score: throughput divided by the 95th-percentile delay, on a log scale.',
            'Write a controller in the lab\'s language whose power on the cellular path beats CUBIC\'s.',
        ],
        'predict': {
            'question': ('On the cellular path (a rate that varies between outages and 12 Mb/s, a 150-packet buffer), '
                         'which has the higher power, throughput / 95th-percentile delay: CUBIC, or a delay-based '
                         'program that aims for 10 ms of queue (the "delay" template)?'),
            'options': [
                'CUBIC: it gets the most throughput, and throughput is what counts',
                'The delay-based program: a little less throughput for a far shorter queue',
                'About the same: both must follow the same trace',
            ],
            'answer': 1,
            'explain': ('CUBIC grows until the 150-packet buffer overflows, so its packets wait behind a full queue '
                        'whenever the rate falls: 4.3 Mb/s at a 95th-percentile delay of 737 ms here (log10 power '
                        '0.77). The delay template shrinks its window once its RTT is more than 10 ms above the smallest it has seen: '
                        '3.0 Mb/s at 107 ms (log10 power 1.45), about 4.7 times the power. Pick the "delay" template '
                        'in the first flow\'s program editor and run the contest to see it (Winstein et al., NSDI '
                        '2013 §5, score throughput and delay the same way).'),
        },
    },
    'fall-floyd-drops': {
        'objectives': [
            'Explain why three losses in one window make Reno wait for a retransmission timeout.',
            'Explain how NewReno\'s partial ACKs repair one loss per round trip (RFC 6582).',
            'Explain how SACK blocks let the sender repair several losses in one round trip (RFC 2018, RFC 6675).',
        ],
        'predict': {
            'question': 'Packets 50, 52 and 54 are lost from one window. Which protocol delivers the 100 segments first?',
            'options': ['Tahoe', 'Reno', 'NewReno', 'SACK'],
            'answer': 3,
            'explain': ('SACK: the receiver\'s SACK blocks tell the sender which segments arrived, so it resends all '
                        'three holes in about one round trip. NewReno resends one hole per round trip (each partial ACK '
                        'reveals the next), Tahoe slow-starts from one segment, and Reno leaves fast recovery after the '
                        'first hole and usually waits for its retransmission timer (Fall & Floyd 1996, §4–§6).'),
        },
    },
    'le-fig4': {
        'objectives': [
            'Read a retransmission timeout from a jump in recovery time.',
            'Compare how many losses in one window each loss recovery repairs without its timer.',
        ],
        'predict': {
            'question': ('As more of the 32 segments of one window are lost, how does SACK\'s recovery time grow '
                         'before it needs its retransmission timer?'),
            'options': [
                'It stays flat: SACK repairs any number of losses in one round trip',
                'It grows in steps, then jumps by about a timeout once the losses are too many',
                'It doubles with every extra loss',
            ],
            'answer': 1,
            'explain': ('SACK repairs the holes it is told about while the packets in flight allow it to send, a few '
                        'per round trip, so the time grows in steps of a round trip; with too many losses the ACK clock '
                        'stops and only the retransmission timer (200 ms at least here) restarts it: the jump '
                        '(Kang, Park & Mo, §3.1, Fig. 4).'),
        },
    },
    'le-fig6a-aimd': {
        'objectives': [
            'Separate the window law (AIMD) from the loss recovery in a protocol\'s throughput.',
        ],
        'predict': {
            'question': 'Five loss recoveries share Reno\'s window law (halve at every loss). How far apart are their throughputs as random loss grows?',
            'options': [
                'Close together: the window law sets the throughput',
                'SACK and FACK far above Reno at every loss rate',
                'Reno far above the others: it backs off most',
            ],
            'answer': 0,
            'explain': ('The window halves at every loss whatever repairs it, so all five curves fall together with '
                        'the loss rate; the recovery changes only how long each repair takes, which matters little '
                        'with one loss per window (Kang, Park & Mo, §3.3, Fig. 6a: "very similar").'),
        },
    },
}


def apply_exercises(doc):
    """Sets each listed preset's objectives and predict (a preset not in the file is skipped)."""
    for p in doc['presets']:
        ex = EXERCISES.get(p['id'])
        if ex:
            p.update(ex)
