#!/usr/bin/env python3
"""Writes the TCP-Real presets (Zhang & Tsaoussidis, NOSSDAV 2001, §3-§4) into
public/presets/presets.json from engine/scenarios/tcp-real-table1.json and
tcp-real-playback.json, with the paper's claims (docs/claims.md): every cell of its twelve
appendix tables (scripts/tcp-real-tables.json) as a number claim at the paper's own x (the
sweeps list the paper's loss rates as they are), the numbers of its text and its
sentences about the results in its words. The paper's "KBps" are 1000 bytes per second
(Table 1: 5 x 2^20 bytes in 22.06 s = 237.7 KB/s), claimed here in Mb/s.

usage: python3 scripts/tcp-real-presets.py   (needs build/engine/plab for the schema)
"""
import json
import sys
from pathlib import Path

from presetlib import (decode_hash, engine_schema, explain, load_scenario, not_expressible, number, on_paper_platform, paper,
                       platform_hash, PRESETS, reading, ref, relation, scenario_hash, view_parts, write_presets)

PAPER = 'Zhang & Tsaoussidis (TCP-Real)'
P = 'tcp-real'
PROTOCOLS = ['real', 'reno', 'tahoe']
NAMES = {'real': 'TCP-Real', 'reno': 'Reno', 'tahoe': 'Tahoe'}
TABLES = json.loads((Path(__file__).resolve().parent / 'tcp-real-tables.json').read_text())
FWD = [0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5]
REV = [0, 0.019, 0.098, 0.19, 0.36, 0.555, 0.75]
BURST_OFF = [2.5, 5, 10]

PAPER_BLOCK = paper(
    'Zhang & Tsaoussidis: TCP-Real: Improving Real-time Capabilities of TCP over Heterogeneous Networks',
    'C. Zhang, V. Tsaoussidis, "TCP-Real: Improving Real-time Capabilities of TCP over Heterogeneous Networks", '
    'NOSSDAV 2001; x-kernel on two directly connected hosts, §3-§4, appendix Tables 1-12.',
    0.2,
    ('Every number of the paper is a single run on one x-kernel testbed: no seeds, no spread. Its own tables say '
     'how far one run of the same setup lands from another: the loss-free row is run twice per delay (Tables 1 '
     'and 2 at 15 ms: TCP-Real 237.65 and 233.87 KBps; Tables 7 and 8 at 50 ms: Reno 452.44 and 528.20 KBps, '
     '17 % apart), and §4.1 enlarges the bursty transfer "due to the significant standard deviation observed". '
     'A number of ours within 20 % of the paper\'s (our mean over 5 seeds) is as close as the paper is to '
     'itself. No absolute floor: the paper\'s smallest cells (1.3 % success, 3.21 KBps) are claimed as they are.'))

# Readings the paper leaves open (its §3 names neither the link rate, the queue, the timer
# nor the receiver window). The lab's timer: RFC 6298 with a 1 s minimum RTO, as
# x-kernel's BSD-derived timer (500 ms ticks, 1 s floor); the per-flow timer profiles
# (issue H §3) had not landed when these presets were made.
TIMER = ('x-kernel\'s BSD-derived timer: 500 ms ticks, 1 s floor, an RTO of 1-1.5 s on the 15 ms path (the paper '
         'gives no timer)')


# §4.2, said of Tables 4, 5 and 6 together.
PERFORMS_BETTER = ('The application success percentage comparison under the different scenarios described above is '
                   'shown in Table 4, Table 5, Table 6 [...] not only the goodput of TCP is improved, but also the '
                   'time-constrained application performs significantly better')


def mbps(kbytes):
    return round(kbytes * 8 / 1000, 5)


def cells(tab, figure, xs=None, rd=None, xlabel='ON loss'):
    """One number claim per cell of an appendix table (goodput in Mb/s from KBps)."""
    t = TABLES[tab]
    n = tab.replace('table', 'Table ')
    out = []
    for row, x in zip(t['rows'], xs or [r['x'] for r in t['rows']]):
        for proto in PROTOCOLS:
            v = row[proto]
            if figure == 'goodput_mbps':
                quote, value, unit = f'{NAMES[proto]} [...] {row["x"]:.3g} [...] Goodput {v:.2f} KBps', mbps(v), 'Mb/s'
            else:
                quote, value, unit = f'{NAMES[proto]} [...] {row["x"]:.3g} [...] {v}%', v, '%'
            out.append(number(f'tcp-real/{tab}/{proto}-{row["x"]:g}', P, quote,
                              f'{t["section"]}, {n} ({xlabel} {row["x"]:g}, {t["delay_ms"]} ms)', value,
                              ref(proto, figure, x), unit=unit, reading=rd))
    return out


def ahead(cid, quote, source, figure, x_range=None, x=None, rd=None, other=('reno', 'tahoe')):
    return [relation(f'{cid}-{o}', P, quote, f'{source} (TCP-Real against {NAMES[o]})',
                     ref('real', figure, x=x, x_range=x_range), '>', ref(o, figure, x=x, x_range=x_range), reading=rd)
            for o in other]


def with_set(sc, path, value):
    obj = sc
    parts = [int(q) if q.isdigit() else q for q in path.split('.')]
    for part in parts[:-1]:
        obj = obj[part] if isinstance(part, int) else obj.setdefault(part, {})
    obj[parts[-1]] = value
    return sc


def copy(sc):
    return json.loads(json.dumps(sc))


def presets(schema):
    base = load_scenario('tcp-real-table1.json')
    out = []

    def preset(pid, title, section, caption, sc, x, y, claims, points=None, frm=None, to=None, n=None, k=5,
               cmp=PROTOCOLS):
        BUILT[pid] = (copy(sc), (cmp, x, frm, to, n, y, k, points))
        out.append({'id': pid, 'title': title, 'paper': PAPER, 'section': section, 'caption': caption,
                    'hash': '#' + '&'.join(scenario_hash(schema, sc) +
                                           view_parts(cmp, x, frm, to, n, y, k, points=points)),
                    'evidence': {'published': [], 'claims': claims}})

    def path_for(delay, rate):
        sc = copy(base)
        sc['topology']['bottleneck']['delay_ms'] = delay - 0.5
        sc['topology']['bottleneck']['rate_mbps'] = rate
        return sc

    # The deciding setting: the minimum RTO (x-kernel's timer is not given). Table 1's
    # setup at 20 % ON loss, swept from today's 200 ms floor to 1.5 s on an RFC 6298
    # timer: on the BSD profile (500 ms ticks) a 30 ms path's RTO is 2-3 ticks whatever
    # the floor up to 1 s, so a sweep there shows nothing (200, 500 and 1000 ms give the
    # same runs, bit for bit).
    rto_sc = path_for(15, 2)
    rto_sc['flows'][0]['channel']['forward']['on_p'] = 0.2
    rto_sc['flows'][0]['tcp'] = {'timers': 'rfc6298'}
    rto_sweep = '#' + '&'.join(scenario_hash(schema, rto_sc) +
                               view_parts(PROTOCOLS, 'f0.tcp.min_rto_ms', None, None, None, 'goodput_mbps', 5,
                                          points=[200, 500, 1000, 1500]))
    OFF_PLATFORM.add(rto_sweep)
    rto = reading(TIMER, rto_sweep, 'see the minimum-RTO sweep (Table 1 at 20 % ON loss): it moves all three '
                  'protocols\' goodput, and TCP-Real\'s lead over Reno and Tahoe with it')
    link15 = reading('2 Mb/s between the hosts at 15 ms (the paper gives no rate: 2 Mb/s puts the loss-free goodput '
                     'at Table 1\'s 237.65 KBps), 100-packet queue, receiver window 10000 segments; ' + TIMER, rto_sweep,
                     'the loss-free cells hold by this choice of rate; the others depend on the timer as the '
                     'minimum-RTO sweep shows')
    link50 = reading('5 Mb/s at 50 ms (no rate given; the numbers imply a faster path than at 15 ms: loss-free Reno and '
                     'Tahoe carry 452-528 KBps, 3.6-4.2 Mb/s, at 50 ms against 227-237 KBps at 15 ms, so the 15 ms '
                     'runs\' 1.9 Mb/s ceiling was not a link the 50 ms runs shared; 5 Mb/s is the round rate above '
                     'Tables 7-8\'s 4.2 Mb/s), 100-packet queue, receiver window 10000 segments; ' + TIMER, rto_sweep,
                     'as at 15 ms: the rate is read from the loss-free row, the timer from the sweep')

    outperf = '"TCP-Real outperforms both Tahoe and Reno"'
    for delay, rate, gt, st, sec, rd in ((15, 2, 'table1', 'table4', '§4.1-4.2', link15),
                                         (50, 5, 'table7', 'table10', '§4.3', link50)):
        sc = path_for(delay, rate)
        pid = 'tcp-real-table1' if delay == 15 else 'tcp-real-50ms'
        g, s = gt.replace('table', 'Table '), st.replace('table', 'Table ')
        claims = cells(gt, 'goodput_mbps', rd=rd) + cells(st, 'app_success_pct', rd=rd)
        if delay == 15:
            # §4.1: "With dropping rate of state ON varying from 0.0 to 0.5 [...] TCP-Real
            # outperforms both Tahoe and Reno": the paper's range starts at 0.0.
            claims += ahead('tcp-real/table1/outperforms', 'With dropping rate of state ON varying from 0.0 to 0.5 '
                            '[...] TCP-Real outperforms both Tahoe and Reno', f'§4.1, {g} (goodput, ON loss 0-0.5)',
                            'goodput_mbps', x_range=[0, 0.5], rd=rd)
            # §4.2 names Tables 4, 5 and 6 ("under the different scenarios described above"):
            # every row of each.
            claims += ahead('tcp-real/table4/performs-better', PERFORMS_BETTER, f'§4.2, {s} (ON loss 0-0.5)',
                            'app_success_pct', x_range=[0, 0.5], rd=rd)
            claims.append(not_expressible('tcp-real/table4/playback-100ms', P, 'The result for playback time '
                                          'interval of 100ms is about the same, as shown in Figure 11 and 12 in the '
                                          'appendix', '§4.2, Figs. 11-12', '"About the same" names no margin, and '
                                          'Figs. 11-12\'s values are lost with the figures (the text keeps no table '
                                          'of them): there is no number to compare a 100 ms run with.'))
            claims.append(not_expressible('tcp-real/table1/timeout-adjust', P, 'Reno and Tahoe\'s congestion control '
                                          'mechanism unnecessarily reduce the congestion window and adjust the timeout '
                                          'value', '§4.1', 'An explanation, not a result: "unnecessarily" names no '
                                          'figure; the window and RTO series of any run show the mechanism.'))
        else:
            claims.append(not_expressible('tcp-real/table7/gain-amplified', P, 'With longer propagation delay, the '
                                          'relative performance gain of TCP-Real is amplified', '§4.3, Tables 7-12',
                                          'A ratio of ratios across two presets (Real/Reno at 50 ms against at 15 ms) is '
                                          'not a check the claim format has; both presets show their ratios.'))
        preset(pid, f'TCP-Real under ON/OFF link error, {delay} ms one way: goodput and playback ({g} and {s})',
               f'§3, {sec}, {g} and {s}',
               (f'A 5 x 2^20-byte transfer between two hosts {delay} ms apart over {rate:g} Mb/s, with the two-state '
                'ON/OFF channel of §3 on the data path (1 s mean in each state, loss only while ON at the rate on '
                'the x axis: the paper\'s own rates 0, 0.01, 0.05, 0.1, 0.2, 0.33, 0.5); goodput = bytes / '
                'connection time; the playback reads 5 KB every 40 ms (the paper\'s 1 Mb/s application). '
                f'5 seeds per point; every cell of {g} and {s} is a claim at its own x. The paper gives no link '
                f'rate: {rate:g} Mb/s reproduces its loss-free row. Timer: {TIMER}. Cost: 7 points x 3 protocols x '
                '5 seeds = 105 transfers.'),
               sc, 'f0.channel.forward.on_p', 'goodput_mbps', claims, points=FWD)

    for delay, rate, gt, st, sec, rd in ((15, 2, 'table2', 'table5', '§4.1-4.2', link15),
                                         (50, 5, 'table8', 'table11', '§4.3', link50)):
        sc = path_for(delay, rate)
        sc['flows'][0]['channel'] = {'forward': {'model': 'none'},
                                     'reverse': {'model': 'on_off', 'on_mean_s': 1, 'off_mean_s': 1, 'on_p': 0,
                                                 'off_p': 0}}
        g, s = gt.replace('table', 'Table '), st.replace('table', 'Table ')
        claims = cells(gt, 'goodput_mbps', rd=rd, xlabel='reverse ON loss') + \
            cells(st, 'app_success_pct', rd=rd, xlabel='reverse ON loss')
        if delay == 15:
            claims += ahead('tcp-real/table2/prevails', 'TCP-Real prevails again: It outperforms Tahoe and Reno',
                            f'§4.1, {g} (reverse ON loss 0-0.75)', 'goodput_mbps', x_range=[0, 0.75], rd=rd)
            claims += ahead('tcp-real/table5/performs-better', PERFORMS_BETTER, f'§4.2, {s} (reverse ON loss 0-0.75)',
                            'app_success_pct', x_range=[0, 0.75], rd=rd)
        preset(f'tcp-real-reverse-{delay}ms', f'TCP-Real on an asymmetric path: ACK losses, {delay} ms ({g} and {s})',
               f'{sec}, {g} and {s}',
               (f'The same 5 x 2^20-byte transfer, {delay} ms one way over {rate:g} Mb/s, but the ON/OFF channel drops '
                'ACKs on the way back (1 s mean in each state, loss only while ON at the paper\'s rates 0, 0.019, '
                '0.098, 0.19, 0.36, 0.555, 0.75); data is never lost. The paper\'s claim: TCP-Real\'s window '
                'follows the receiver\'s view of the forward path, so lost ACKs do not make it back off. '
                f'Every cell of {g} and {s} is a claim at its own x. Timer: {TIMER}. Cost: 7 points x 3 '
                'protocols x 5 seeds = 105 transfers.'),
               sc, 'f0.channel.reverse.on_p', 'goodput_mbps', claims, points=REV)

    # What the unstated queue decides on the reverse path: Table 2's heaviest ACK loss (0.75
    # while ON), the bottleneck queue swept from a small interface queue to the presets' 100.
    q_sc = path_for(15, 2)
    q_sc['flows'][0]['channel'] = {'forward': {'model': 'none'},
                                   'reverse': {'model': 'on_off', 'on_mean_s': 1, 'off_mean_s': 1, 'on_p': 0.75,
                                               'off_p': 0}}
    preset('tcp-real-reverse-queue', 'What the unstated queue decides on the asymmetric path: ACK loss 0.75 while ON '
           'against the queue (Table 2, a reading)', '§3, §4.1, Table 2',
           ('The paper\'s hosts are "directly connected" and it gives no queue. Lost ACKs hurt through the bursts the '
            'next surviving cumulative ACK releases: on the presets\' 100-packet queue the bursts fit and goodput stays '
            'near the loss-free rate; on a small queue they overflow, the dup ACKs that would repair the loss are lost '
            'too, and Reno and Tahoe fall into timeouts as the paper\'s did. TCP-Real, whose 48-segment wave never '
            'comes down on a steadily full queue, collapses on the same small queues even without loss. Table 2\'s '
            'setup at reverse ON loss 0.75 (15 ms, 2 Mb/s), queue 8 to 100 packets. Cost: 4 points x 3 protocols x 5 '
            'seeds = 60 transfers.'),
           q_sc, 'topology.bottleneck.queue_packets', 'goodput_mbps', [], points=[8, 20, 50, 100])

    for delay, gt, st, sec in ((15, 'table3', 'table6', '§4.1-4.2'), (50, 'table9', 'table12', '§4.3')):
        rate = 5
        sc = path_for(delay, rate)
        sc['flows'][0]['channel']['forward'] = {'model': 'on_off', 'on_mean_s': 0.5, 'off_mean_s': 5, 'on_p': 0.99,
                                                'off_p': 0}
        sc['flows'][0]['app']['size_bytes'] = 50 * 2 ** 20
        g, s = gt.replace('table', 'Table '), st.replace('table', 'Table ')
        rd = reading(f'5 Mb/s at {delay} ms (no rate given; ' + ('Table 3\'s 549.67 KBps = 4.4 Mb/s is more than '
                     'Table 1\'s 2 Mb/s link carries, so this table ran faster' if delay == 15 else 'as Tables 7-8') +
                     '); ' + TIMER, rto_sweep, 'the bursty goodput scales with the link rate the paper does not give')
        claims = cells(gt, 'goodput_mbps', xs=[5], rd=rd, xlabel='bursty, OFF 5 s') + \
            cells(st, 'app_success_pct', xs=[5], rd=rd, xlabel='bursty, OFF 5 s')
        if delay == 15:
            claims.append(number('tcp-real/table3/text-real', P, 'goodput for TCP Real, Reno and Tahoe is 594.67KBps, '
                                 '310.98KBps and 308.75KBps, respectively', '§4.1 text (594.67) against Table 3 '
                                 '(549.67, claimed: 95.38 s for 50 x 2^20 bytes gives 549.7)', mbps(549.67),
                                 ref('real', 'goodput_mbps', 5), unit='Mb/s', reading=rd))
            claims += ahead('tcp-real/table6/performs-better', PERFORMS_BETTER, f'§4.2, {s} (OFF 5 s)',
                            'app_success_pct', x=5, rd=rd)
            claims += ahead('tcp-real/table3/readapting', 'TCP-Real has enhanced re-adapting capability after a bursty '
                            'error condition is over, compared to Tahoe and Reno', f'§4.1, {g} (OFF 5 s)',
                            'goodput_mbps', x=5, rd=rd)
        preset(f'tcp-real-bursty-{delay}ms', f'TCP-Real after bursts of errors (hand-offs), {delay} ms ({g} and {s})',
               f'{sec}, {g} and {s}',
               (f'Bursty errors, as in a hand-off (§4.1): clear for 5 s on average, then 99 % of the packets lost for '
                f'0.5 s; a 50 x 2^20-byte transfer, {delay} ms one way over {rate} Mb/s. The x axis stretches the '
                'clear periods (the paper\'s 5 s is the middle point); the claims are at 5 s. '
                f'Timer: {TIMER}. Cost: 3 points x 3 protocols x 5 seeds = 45 transfers of 50 MB.'),
               sc, 'f0.channel.forward.off_mean_s', 'goodput_mbps', claims, points=BURST_OFF)

    preset('tcp-real-min-rto', 'What the unstated timer decides: TCP-Real, Reno and Tahoe against the minimum RTO '
           '(Table 1 at 20 % ON loss, a reading)', '§3, §4.1, Table 1',
           ('The paper ran on x-kernel and gives neither its timer granularity nor its minimum RTO. This sweep runs '
            'Table 1\'s setup at 20 % loss while ON (15 ms, 2 Mb/s) with a minimum RTO from today\'s 200 ms to '
            '1.5 s on an RFC 6298 timer. The other presets run the BSD-derived timer of the paper\'s platform (500 ms '
            'ticks, 1 s floor), whose RTO on this 30 ms path is 1-1.5 s whatever the floor below 1 s: that is why '
            'this sweep leaves it. Under heavy ON loss all three protocols spend most of the transfer in timeouts, so '
            'the timer moves every goodput of the tables. Cost: 4 points x 3 protocols x 5 seeds = 60 transfers.'),
           rto_sc, 'f0.tcp.min_rto_ms', 'goodput_mbps', [], points=[200, 500, 1000, 1500])

    # §4.4: the token bucket (20 tokens of 1 KB per 30 ms, depth 20 KB), 15 ms, 20 % ON loss.
    tok = load_scenario('tcp-real-playback.json')
    tok['duration_s'] = 60
    tok['flows'][0]['app']['size_bytes'] = 0
    tok['flows'][0]['protocol'] = 'reno'
    tq = ('the average of consumed tokens per RTT (11.12Kbytes) is significantly higher compared to Reno (5.82 '
          'Kbytes) and Tahoe (3.65 Kbytes)')
    tclaims = [number(f'tcp-real/tokens/{p}', P, tq, '§4.4, Fig. 10 (min RTO 1 s)', v,
                      ref(p, 'mean_tokens_per_rtt', 1000), unit='KB', reading=rto)
               for p, v in (('real', 11.12), ('reno', 5.82), ('tahoe', 3.65))]
    tclaims += ahead('tcp-real/tokens/higher', tq, '§4.4 (min RTO 1 s)', 'mean_tokens_per_rtt', x=1000, rd=rto)
    tclaims.append(not_expressible('tcp-real/tokens/reduce', P, 'Whenever a link error occurs, Reno and Tahoe '
                                   'rapidly reduce the window size and hence the token consumption rates', '§4.4, '
                                   'Fig. 10', 'A reading of Fig. 10\'s traces, lost with the figure: "rapidly" names '
                                   'no measure; the tokens and window series of each run show it.'))
    tclaims.append(not_expressible('tcp-real/tokens/stable', P, 'with TCP-Real, the token consumption is relatively '
                                   'stable', '§4.4, Fig. 10', '"Relatively stable" names no measure or bound; the '
                                   'tokens series of each run shows it.'))
    preset('tcp-real-tokens', 'TCP-Real §4.4: tokens consumed per RTT, Real, Reno, Tahoe',
           '§3, §4.4, Fig. 10',
           ('The token-bucket experiment of §3/§4.4: a source limited to 20 tokens of 1 KB every 30 ms (depth 20 KB) '
            'sends over the 15 ms path with the ON/OFF channel (1 s sojourns, 20 % loss while ON) for 60 s; the y '
            'axis is the mean tokens consumed per RTT. The x axis is the minimum RTO (the paper\'s timer is not '
            'given): the claims are at 1 s, 200 ms shows today\'s floor. Cost: 2 points x 3 protocols x 5 seeds.'),
           tok, 'f0.tcp.min_rto_ms', 'mean_tokens_per_rtt', tclaims, points=[200, 1000])
    explain_all(out, schema)
    return out


BUILT = {}
# Links that leave the paper's platform on purpose (an RFC 6298 timer, to show what the
# BSD timer's floor hides); on_paper_platform would rewrite them to the BSD timer.
OFF_PLATFORM = set()


def hash_with(schema, preset, sets=(), y=None):
    """The preset's own run with settings changed (scenario path, value) or another y: an
    experiment the page opens."""
    sc, (cmp, x, frm, to, n, y0, k, points) = BUILT[preset['id']]
    sc = copy(sc)
    for path, v in sets:
        with_set(sc, path, v)
    return '#' + '&'.join(scenario_hash(schema, sc) + view_parts(cmp, x, frm, to, n, y or y0, k, points=points))


def explain_all(out, schema):
    """For each claim that can fail, the experiment that shows why (docs/claims.md); the
    page shows it only on a claim that does not hold. Numbers below: native runs, 5 seeds."""
    by = {p['id']: p for p in out}
    t1, t7 = by['tcp-real-table1'], by['tcp-real-50ms']
    def fine(p):
        # Off the paper's platform on purpose: the BSD timer ignores floors below 1 s here.
        h = hash_with(schema, p, [('flows.0.tcp.timers', 'rfc6298'), ('flows.0.tcp.min_rto_ms', 500)])
        OFF_PLATFORM.add(h)
        return h

    keep_backoff = lambda p: hash_with(schema, p, [('flows.0.real.cancel_backoff', False)])
    timer_low = explain('Ours spends the ON phases in timeouts: the BSD timer of this reading (500 ms ticks) gives a '
                        '1-1.5 s RTO on a 30 ms path, and goodput falls below the paper\'s; the paper\'s timer was '
                        'finer. The same sweep on an RFC 6298 timer with a 500 ms floor (this link) gives Table 1 at '
                        '10 % ON loss Real/Reno/Tahoe 0.98/0.70/0.96 Mb/s against the paper\'s 1.01/0.74/1.02, but '
                        'then 0.81/0.44/0.50 at 33 % against 0.37/0.21/0.26: no one timer fits the whole table.',
                        fine(t1))
    timer_low50 = explain('As at 15 ms: with the BSD timer each ON phase costs a timeout of 1 s or more; the paper\'s '
                          'timer is not given. On an RFC 6298 timer with a 500 ms floor (this link) Table 7 at 10 % '
                          'gives Real/Reno/Tahoe 1.06/0.58/0.50 Mb/s against the paper\'s 1.81/0.61/0.71.', fine(t7))
    real_high = explain('At 33-50 % ON loss our TCP-Real keeps far more goodput than the paper\'s: it cancels the RTO '
                        'back-off when the DACK bit is set (the audit\'s reading of the abstract, docs/conformance/'
                        'tcp-real.md). With the back-off kept (real.cancel_backoff off, this link) Table 1 at 0.33 gives '
                        '0.22 Mb/s against the paper\'s 0.37: the paper\'s TCP-Real lies between the two readings.',
                        keep_backoff(t1))
    real_high50 = explain('As at 15 ms: our TCP-Real does not back its timer off while wave information arrives; this '
                          'link keeps the back-off (real.cancel_backoff off): Table 7 at 0.33 then gives 0.24 Mb/s '
                          'against the paper\'s 0.28.', keep_backoff(t7))
    heavy = explain('At 33-50 % ON loss the transfer is mostly timeouts, and its goodput is set by the timer\'s floor '
                    'and back-off, which the paper does not give; the minimum-RTO sweep (this link) shows how far that '
                    'one setting moves all three protocols.', by['tcp-real-min-rto']['hash'])
    low_loss = explain('At 1 % ON loss a transfer sees a few losses; the three protocols\' 95 % intervals over 5 seeds '
                       'overlap, where the paper\'s single run has TCP-Real a few per cent ahead. The sweep (this link) '
                       'shows the intervals at every loss rate.', t1['hash'])
    for p in out:
        pid = p['id']
        for c in p['evidence']['claims']:
            if c['kind'] == 'not_expressible':
                continue
            cid, x = c['id'], c['check']['left'].get('x')
            fwd = pid in ('tcp-real-table1', 'tcp-real-50ms')
            if fwd and c['kind'] == 'relation':
                c['explain'] = low_loss
            elif fwd:
                high = x is not None and x >= 0.33
                real = cid.split('/')[-1].startswith('real')
                if pid == 'tcp-real-table1':
                    c['explain'] = (real_high if real else heavy) if high else timer_low
                else:
                    c['explain'] = (real_high50 if real else heavy) if high else (
                        explain('Loss-free, our TCP-Real reaches 3.5 Mb/s at 50 ms: its largest wave, 48 segments of '
                                '1000 bytes per 100 ms round trip, allows 3.84 Mb/s; the paper\'s 2.52 Mb/s is below '
                                'what its own §3 allows, so its segment size or round trip differed. This link shows '
                                'the window (segments) the runs end with.', hash_with(schema, p, y='final_cwnd_segments'))
                        if x == 0 and cid.split('/')[-1].startswith('real') else timer_low50)
            elif pid.startswith('tcp-real-reverse'):
                c['explain'] = explain('Lost ACKs cost our three protocols little on the 100-packet queue of this '
                                       'reading: each surviving cumulative ACK covers those lost before it and the queue '
                                       'absorbs the burst it releases, so goodput stays near the loss-free rate where the '
                                       'paper\'s fell by half or more. On a small queue the bursts overflow and Reno and '
                                       'Tahoe fall as the paper\'s did (15 ms, 0.75 while ON, 8 packets: 0.23 and 0.25 '
                                       'Mb/s against the paper\'s 0.20 and 0.35), but our TCP-Real then collapses even '
                                       'without loss (20 packets: 0.15 Mb/s against 1.87), its 48-segment wave never '
                                       'coming down on a steadily full queue: no one queue fits all three protocols. This '
                                       'link sweeps the queue at 0.75.', by['tcp-real-reverse-queue']['hash'])
            elif pid.startswith('tcp-real-bursty'):
                c['explain'] = explain('After a 0.5 s burst our Reno and Tahoe time out once (1 s floor) and climb back '
                                       'within a few round trips on this short path, so they lose little more than '
                                       'TCP-Real; the paper\'s Reno and Tahoe took 1.8-2.4 times as long. This link shows '
                                       'the timeouts per transfer of the same runs.', hash_with(schema, p, y='timeouts'))
            elif pid == 'tcp-real-tokens':
                tok_rfc = hash_with(schema, p, [('flows.0.tcp.timers', 'rfc6298')])
                OFF_PLATFORM.add(tok_rfc)
                c['explain'] = explain('With the BSD timer (1-1.5 s RTO on this path) every ON phase at 20 % loss ends '
                                       'in timeouts that consume no tokens, and its floor below 1 s changes nothing. On '
                                       'an RFC 6298 timer (this link) a 200 ms floor gives Real/Reno/Tahoe 11.0/6.4/8.0 '
                                       'KB per RTT against the paper\'s 11.12/5.82/3.65, and 1 s gives 7.2/3.6/4.1: the '
                                       'timer alone makes most of the gap.', tok_rfc)


def main():
    schema = engine_schema()
    # The paper's x-kernel TCP (§3), a BSD port: BSD's coarse timers.
    built = presets(schema)
    def off_platform(h):
        # The platform's bounds (max RTO 64 s) with an RFC 6298 timer in place of BSD's.
        sc, view = decode_hash(schema, platform_hash(schema, h, 'xkernel'))
        for f in sc['flows']:
            f['tcp']['timers'] = 'rfc6298'
        return '#' + '&'.join(scenario_hash(schema, sc) + view)
    own = {platform_hash(schema, h, 'xkernel'): off_platform(h) for h in OFF_PLATFORM}
    new = on_paper_platform(schema, built, 'xkernel')
    for p in new:
        if p['id'] == 'tcp-real-min-rto':  # the only preset off the platform; the others' links may be
            p['hash'] = own.get(p['hash'], p['hash'])  # (tokens' explaining link is its own run on RFC 6298)
        for c in p['evidence']['claims']:
            if 'sweep' in c.get('reading', {}):
                c['reading']['sweep'] = own.get(c['reading']['sweep'], c['reading']['sweep'])
            if 'hash' in c.get('explain', {}):
                c['explain']['hash'] = own.get(c['explain']['hash'], c['explain']['hash'])
    order = ['tcp-real-table1', 'tcp-real-reverse-15ms', 'tcp-real-bursty-15ms', 'tcp-real-50ms',
             'tcp-real-reverse-50ms', 'tcp-real-bursty-50ms', 'tcp-real-min-rto', 'tcp-real-reverse-queue',
             'tcp-real-tokens']
    new.sort(key=lambda p: order.index(p['id']))
    # In place of the paper's presets, after the one before them.
    ids = [p['id'] for p in json.loads(PRESETS.read_text())['presets']]
    first = min(i for i, pid in enumerate(ids) if pid.startswith('tcp-real-'))
    write_presets(new, after=ids[first - 1], papers={P: PAPER_BLOCK},
                  edit=lambda doc: doc.update(presets=[p for p in doc['presets'] if not p['id'].startswith('tcp-real-')]))
    print(f'{len(new)} TCP-Real presets written', file=sys.stderr)


if __name__ == '__main__':
    main()
