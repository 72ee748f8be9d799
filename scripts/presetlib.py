"""What the preset and validation generators share: a scenario (the engine's JSON) as the
page's canonical URL hash (web/src/url/codec.ts encodeHash: values that differ from
the schema's defaults, in schema order, list items after the scalars) and a sweep view's
pairs (views.ts encodeViewParams). presets.test.ts checks every hash is canonical."""
import json
import subprocess
import tempfile
from pathlib import Path

from exercises import apply_exercises

ROOT = Path(__file__).resolve().parent.parent
PLAB = ROOT / 'build' / 'engine' / 'plab'


def engine_schema():
    return json.loads(subprocess.run([str(PLAB), 'schema'], check=True, capture_output=True, text=True).stdout)


def scenario_file(scenario):
    """A temporary scenario file of `scenario` (the page's meaning, as a link decodes) for the
    CLI, marked with the current format (`plab defaults` writes it): an unmarked file is read
    as an older one and migrated (engine/src/scenario/scenario_format.h: an RRTP flow's
    tcp.*_rto_ms copied into its own timers), which the page's runs are not."""
    global _FORMAT
    if _FORMAT is None:
        _FORMAT = json.loads(subprocess.run([str(PLAB), 'defaults'], check=True, capture_output=True,
                                            text=True).stdout)['format']
    f = tempfile.NamedTemporaryFile('w', suffix='.json')
    json.dump({'format': _FORMAT, **scenario}, f)
    f.flush()
    return f


_FORMAT = None


def load_scenario(name):
    return json.loads((ROOT / 'engine' / 'scenarios' / name).read_text())


LISTS = {'flows': ('f', 'flows', 1), 'background': ('b', 'bg', 0)}


def js_number(v):
    if isinstance(v, bool):
        return '1' if v else '0'
    if isinstance(v, int) or (isinstance(v, float) and v.is_integer() and abs(v) < 1e21):
        return str(int(v))
    return repr(v)


def encode(v):
    if isinstance(v, bool):
        return '1' if v else '0'
    if isinstance(v, (int, float)):
        return js_number(v)
    if isinstance(v, list):
        return ','.join(encode(x) for x in v)
    return str(v)


def get(obj, path):
    for part in path.split('.'):
        if not isinstance(obj, dict) or part not in obj:
            return None
        obj = obj[part]
    return obj


def same(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return float(a) == float(b)
    return a == b


def scenario_hash(schema, scenario):
    params = schema['params']
    parts = ['v=3']
    for p in params:
        if '[]' in p['path']:
            continue
        v = get(scenario, p['path'])
        if v is not None and not same(v, p['default']):
            parts.append(f"{p['path']}={encode(v)}")
    for name, (prefix, count_key, default_items) in LISTS.items():
        items = scenario.get(name, [{}] * default_items)
        if len(items) != default_items:
            parts.append(f'{count_key}={len(items)}')
        for i, item in enumerate(items):
            for p in params:
                if not p['path'].startswith(name + '[].'):
                    continue
                rest = p['path'][len(name) + 3:]
                v = get(item, rest)
                if v is not None and not same(v, p['default']):
                    parts.append(f'{prefix}{i}.{rest}={encode(v)}')
    return parts


def view_parts(cmp, x, frm, to, n, y, k, points=None):
    """A sweep view's pairs; `points` (ascending) sweeps those x values instead of the
    from..to grid (a paper's uneven points), from, to and n then being theirs."""
    if points:
        frm, to, n = points[0], points[-1], len(points)
    parts = ['view=sweep', f"cmp={','.join(cmp)}", f'sweep.x={x}', f'sweep.from={js_number(frm)}',
             f'sweep.to={js_number(to)}', 'sweep.scale=linear', f'sweep.n={n}', f'sweep.y={y}', f'sweep.k={k}',
             'sweep.by=protocol']
    if points:
        parts.append('sweep.points=' + ','.join(js_number(p) for p in points))
    return parts




PRESETS = ROOT / 'public' / 'presets' / 'presets.json'


def write_presets(new, after=None, edit=None, papers=None):
    """Puts the presets `new` into public/presets/presets.json in place of those with the
    same ids, right after the preset `after` (at the end without one), after `edit(doc)`
    has changed what it needs to of the others, and the paper blocks `papers` ({id:
    paper(...)}) into its "papers"; written as the file is kept (2-space indent, UTF-8)."""
    doc = json.loads(PRESETS.read_text())
    if edit:
        edit(doc)
    if papers:
        # "papers" stands before "presets", so a reader meets the tolerances first.
        merged = dict(sorted(dict(doc.get('papers', {}), **papers).items()))
        doc = {**{k: v for k, v in doc.items() if k != 'presets'}, 'papers': merged, 'presets': doc['presets']}
    ids = {p['id'] for p in new}
    kept = [p for p in doc['presets'] if p['id'] not in ids]
    at = next(i for i, p in enumerate(kept) if p['id'] == after) + 1 if after else len(kept)
    doc['presets'] = kept[:at] + new + kept[at:]
    # The exercises are kept apart from the papers' generators, and put back on each run.
    apply_exercises(doc)
    PRESETS.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + '\n')


def paper(title, citation, tolerance, tolerance_why, abs_floor=None, platform=None):
    """A paper block (docs/claims.md): the tolerance of its number claims, stated once,
    with why; abs_floor ({figure: value}) for values near 0; platform: the paper's platform
    (the simulator or stack and its defaults) that every preset of the paper runs."""
    p = {'title': title, 'citation': citation, 'tolerance': tolerance, 'tolerance_why': tolerance_why}
    if abs_floor:
        p['abs_floor'] = abs_floor
    if platform:
        p['platform'] = platform
    return p


def _rebuilt(cid, paper_id, kind, quote, source, reading=None, explain=None, **fields):
    c = {'id': cid, 'paper': paper_id, 'kind': kind, 'quote': quote, 'source': source, **fields}
    if reading:
        c['reading'] = reading
    if explain:
        c['explain'] = explain
    return c


def number(cid, paper_id, quote, source, paper_value, left, right=None, unit=None, reading=None, explain=None):
    """A number claim (docs/claims.md): the paper's value against our mean of `left` (or
    of left / right), within the paper's tolerance."""
    check = {'left': left}
    if right is not None:
        check['right'] = right
    extra = {'unit': unit} if unit else {}
    return _rebuilt(cid, paper_id, 'number', quote, source, reading, explain, paper_value=paper_value, **extra,
                    check=check)


def relation(cid, paper_id, quote, source, left, op, right=None, value=None, factor=None, reading=None,
             explain=None, steps=False):
    """A relation claim (docs/claims.md): left op factor x (right or value), holding only
    where the 95 % intervals over seeds say so; with steps, left (over an x_range) op itself
    at the swept x before, at every step ("keeps decreasing", "decreases steadily")."""
    check = {'left': left, 'op': op}
    if steps:
        check['steps'] = True
    if right is not None:
        check['right'] = right
    if value is not None:
        check['value'] = value
    if factor is not None:
        check['factor'] = factor
    return _rebuilt(cid, paper_id, 'relation', quote, source, reading, explain, check=check)


def not_expressible(cid, paper_id, quote, source, why):
    """A claim the lab cannot check, with what it cannot model."""
    return _rebuilt(cid, paper_id, 'not_expressible', quote, source, why=why)


def ref(series, figure, x=None, x_range=None):
    """Which of our numbers a claim reads: a figure of one series (a protocol of the sweep
    or compare, `measured` for a sweep's single series) at one x or over a range of x."""
    r = {'series': series, 'figure': figure}
    if x is not None:
        r['x'] = x
    if x_range is not None:
        r['x_range'] = x_range
    return r


def reading(name, sweep=None, holds_when=None):
    r = {'name': name}
    if sweep:
        r['sweep'] = sweep
    if holds_when:
        r['holds_when'] = holds_when
    return r


def explain(text, hash=None):
    e = {'text': text}
    if hash:
        e['hash'] = hash
    return e


def claim(text, source, left, op, right=None, value=None, factor=None, if_not=None):
    """A legacy claim (this project's restatement, not yet rebuilt from the paper; shown
    apart): left op factor x (right or value) on the means, and why it does not hold
    where we know (if_not)."""
    check = {'left': left, 'op': op}
    if right is not None:
        check['right'] = right
    if value is not None:
        check['value'] = value
    if factor is not None:
        check['factor'] = factor
    c = {'text': text, 'source': source, 'check': check}
    if if_not:
        c['if_not'] = if_not
    return c


# The papers' platforms: the timer profile (engine: flows[].tcp.timers,
# transport/timer_profile.h) and the RTO bounds of the stack or simulator version each
# paper ran on, set on every TCP flow and TCP background group of its presets.
#   xkernel: 4.4BSD-derived x-kernel TCP (TCP-Real §3): 500 ms slow ticks, t_rttmin 2
#            ticks (the default 1 s minimum), TCPTV_REXMTMAX 64 s.
#   ns2:     ns-2.31-2.35's Agent/TCP defaults (ns-default.tcl: tcpTick_ 0.01, minrto_
#            0.2, rtxcur_init_ 3.0, maxrto_ 60): LE (2012), TCP-ER (2007 or later),
#            RRTP (thesis §4.1, Table 4.1: ns-2.32).
#   ns2_2001: ns-2.1b8, before tcpTick_ became 0.01 (2002/03/07) and before minrto_
#            (2001/05/10): 100 ms ticks, a floor of 2 ticks (0.2 s), rtxcur_init_ 6,
#            maxrto_ 100000: Ng & Chan (received January 2002).
#   ns2_defaults: ns2's timers and the rest of ns-2.31-2.35's Agent/TCP defaults that the
#            lab's RFC defaults leave out (PLATFORM_TCP): TCP-ER, LE, RRTP.
PLATFORMS = {
    'xkernel': {'timers': 'bsd', 'max_rto_ms': 64000},
    'ns2': {'timers': 'ns2', 'ns2_tick_ms': 10, 'min_rto_ms': 200, 'initial_rto_ms': 3000, 'max_rto_ms': 60000},
    'ns2_2001': {'timers': 'ns2', 'ns2_tick_ms': 100, 'min_rto_ms': 200, 'initial_rto_ms': 6000,
                 'max_rto_ms': 100000},
}
PLATFORMS['ns2_defaults'] = PLATFORMS['ns2']

# What a platform sets beyond its timers, on its TCP flows only ({block: {field: value}}):
# ns-2.35's tcl/lib/ns-default.tcl and tcp/tcp.cc, for every Agent/TCP (NewReno and Sack1
# included):
#   tcp.limited_transmit: "Agent/TCP set singledup_ 1 ;# default changed on 2001/11/28":
#            TcpAgent::recv and Sack1TcpAgent::recv call send_one() on each duplicate ACK
#            below numdupacks_ (RFC 3042); tcp.ns2_agents: but not where the flow's agent
#            reads no singledup_ (Vegas, FACK; below).
#   aimd.loss_halves = cwnd: slowdown(CLOSE_SSTHRESH_HALF) sets ssthresh_ from
#            windowd() / 2, min(cwnd_, wnd_), not the flight, at a fast retransmit
#            (dupack_action) and a timeout (timeout()) alike.
#   tcp.cwnd_validation off: "Agent/TCP set control_increase_ 0": recv_newack_helper()
#            calls opencwnd() on every new ACK, whether or not the window limits the sender
#            (and QOption_ 0: no restart after idle, which the lab has none of either).
# Where the lab's defaults are already ns-2's, nothing is set: windowInit_ 2, packetSize_
# 1000 + tcpip_base_hdr_size_ 40, numdupacks_ 3, maxburst_ 0 (no burst limit), timestamps_
# false, one-way agents without a handshake, TCPSink without delayed ACKs, NewReno's
# partial_window_deflation_ 1 and newreno_changes1_ 1 (the timer restarted at the first
# partial ACK only: RFC 6582's). ns-2's initial ssthresh_ is window_ (tcp.cc reset()), the
# lab's none: with the receiver's window bounding every sender (64 packets in TCP-ER) a
# window past it sends nothing more and halves to the same min(cwnd, rwnd) / 2.
PLATFORM_TCP = {
    'ns2_defaults': {'tcp': {'limited_transmit': True, 'ns2_agents': True, 'cwnd_validation': False},
                     'aimd': {'loss_halves': 'cwnd'}},
}
# Where one of ns-2's agents departs from Agent/TCP's defaults, the engine's registry says so
# (tcp.ns2_agents: ns-2's Vegas and FACK agents read no singledup_, so no limited transmit;
# Westwood (the TCP-WestwoodNR agent, not in ns-2's releases: WestwoodNRTcpAgent::recv calls
# NewRenoTcpAgent::recv), Reno, NewReno and Sack1 take the defaults). The engine decides it
# per flow from the flow's own protocol and recovery, so a comparison, which swaps the
# protocol only (web/src/model/views.ts withProtocol), runs each compared agent as ns-2 ran it.


def platform_blocks(platform):
    """The blocks `platform` sets on a TCP flow or group beyond its timers (PLATFORM_TCP)."""
    return {block: dict(values) for block, values in PLATFORM_TCP.get(platform, {}).items()}


def tcp_protocols(schema):
    """The protocols with a TCP block (the schema shows tcp.sack for those only)."""
    sack = next(p for p in schema['params'] if p['path'] == 'flows[].tcp.sack')
    return set(sack['when']['equals'])


def schema_param(schema, path):
    return next((p for p in schema['params'] if p['path'] == path), None)


def compared_protocols(view):
    """The protocols a view's cmp= list runs (a pairing "protocol/recovery" runs its protocol)."""
    cmp = next((part[len('cmp='):] for part in view if part.startswith('cmp=')), '')
    return {entry.split('/')[0] for entry in cmp.split(',') if entry}


def swapped_flows(schema, scenario):
    """The flows a comparison runs each compared protocol on (web/src/model/views.ts
    withProtocol, the engine's sweep.cc): flows[0] and every flow running its protocol."""
    default_protocol = schema_param(schema, 'flows[].protocol')['default']
    flows = scenario.get('flows', [{}])
    group = flows[0].get('protocol', default_protocol) if flows else None
    return [f for i, f in enumerate(flows) if i == 0 or f.get('protocol', default_protocol) == group]


def on_platform(schema, scenario, platform, compared=()):
    """Sets `platform`'s timer profile and RTO bounds on every TCP flow and TCP background
    group of `scenario` (and every flow of a rate-based protocol that reads tcp.timers), and on the flows a comparison runs a TCP of `compared` on (a
    rate-based flow compared with TCP: the swap keeps the flow's TCP block, which the
    rate-based protocol's own run does not read for its timers: RRTP has rrtp.*_rto_ms)."""
    tcp = tcp_protocols(schema)
    for name in ('flows', 'background'):
        default_protocol = schema_param(schema, f'{name}[].protocol')['default']
        # And the rate-based protocols that estimate their RTO "as in standard TCP" (Ng &
        # Chan §3.2: srp, crp, mrp read tcp.timers): the paper's agents ran on its platform.
        timed = tcp | set(schema_param(schema, f'{name}[].tcp.timers')['when']['equals'])
        items = scenario.setdefault(name, [{}] if name == 'flows' else [])
        for item in items:
            protocol = item.get('protocol', default_protocol)
            if protocol in timed:
                item.setdefault('tcp', {}).update(PLATFORMS[platform])
            if protocol in tcp:
                _set_blocks(item, platform_blocks(platform))
    if tcp & set(compared):
        flow_default = schema_param(schema, 'flows[].protocol')['default']
        for item in swapped_flows(schema, scenario):
            protocol = item.get('protocol', flow_default)
            if protocol not in tcp and not schema_param(schema, f'flows[].{protocol}.min_rto_ms'):
                # A rate-based protocol without timer bounds of its own (tfrc, srp, crp,
                # mrp) reads the TCP block's: a platform there would change its own runs.
                raise SystemExit(f'a comparison swaps {protocol} (which reads tcp.*_rto_ms) to TCP: its TCP '
                                 f'runs cannot take the {platform} platform without changing its own')
            item.setdefault('tcp', {}).update(PLATFORMS[platform])
            _set_blocks(item, platform_blocks(platform))
    return scenario


def _set_blocks(item, blocks):
    for block, values in blocks.items():
        item.setdefault(block, {}).update(values)


def decode_hash(schema, hash_text):
    """A preset's link back into (scenario, view parts): the inverse of scenario_hash for
    the values it writes (the page's url/codec.ts decodeHash, for the generators' use)."""
    params = {p['path']: p for p in schema['params']}
    counts = {count_key: name for name, (prefix, count_key, _) in LISTS.items()}
    prefixes = {prefix: name for name, (prefix, _, _) in LISTS.items()}
    scenario, view = {}, []

    def value(p, text):
        if p['type'] == 'bool':
            return text == '1'
        if p['type'] in ('number', 'integer'):
            v = float(text)
            return int(v) if v.is_integer() and p['type'] == 'integer' else v
        if p['type'] == 'int_list':
            return [int(x) for x in text.split(',')] if text else []
        return text

    def put(obj, path, v):
        *head, last = path.split('.')
        for part in head:
            obj = obj.setdefault(part, {})
        obj[last] = v

    for part in hash_text.lstrip('#').split('&'):
        key, _, text = part.partition('=')
        if key == 'v':
            continue
        if key in counts:
            name = counts[key]
            scenario[name] = [{} for _ in range(int(text))]
            continue
        head, dot, rest = key.partition('.')
        prefix, index = head[:1], head[1:]
        if dot and prefix in prefixes and index.isdigit() and f'{prefixes[prefix]}[].{rest}' in params:
            name = prefixes[prefix]
            items = scenario.setdefault(name, [{} for _ in range(LISTS[name][2])])
            put(items[int(index)], rest, value(params[f'{name}[].{rest}'], text))
        elif key in params:
            put(scenario, key, value(params[key], text))
        else:
            view.append(part)
    return scenario, view


def platform_hash(schema, hash_text, platform):
    """A hand-kept preset's link with `platform` set (on_platform), still canonical."""
    scenario, view = decode_hash(schema, hash_text)
    compared = compared_protocols(view)
    return '#' + '&'.join(scenario_hash(schema, on_platform(schema, scenario, platform, compared)) + view)


def on_paper_platform(schema, presets, platform, ids=None):
    """Each preset of `presets` (those with an id in `ids`, when given) set to run on
    `platform` (PLATFORMS), its link rewritten in place, and so are the links its claims
    give (a reading's sweep, an explaining experiment): they run the same platform."""
    for p in presets:
        if ids is None or p['id'] in ids:
            p['hash'] = platform_hash(schema, p['hash'], platform)
            for c in p.get('evidence', {}).get('claims', []):
                if 'sweep' in c.get('reading', {}):
                    c['reading']['sweep'] = platform_hash(schema, c['reading']['sweep'], platform)
                if 'hash' in c.get('explain', {}):
                    c['explain']['hash'] = platform_hash(schema, c['explain']['hash'], platform)
    return presets
