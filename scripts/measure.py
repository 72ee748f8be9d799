"""The numbers the generators quote in explanations, measured when they run: a preset's link
run as the page runs it (its scenario, the sweep's x values, compared protocols and seeds;
web/src/model/views.ts withProtocol, which the engine's `plab sweep` follows) by the CLI,
natively (bit for bit the page's WASM runs). A quoted number then cannot go stale when the
engine changes: regenerating the presets measures it again."""
import json
import re
import subprocess

from presetlib import PLAB, decode_hash, platform_hash, scenario_file

_CACHE = {}


def _engine_path(key):
    """The page's short item keys (f0.tcp.min_rto_ms) as the engine's paths (flows[0]....)."""
    m = re.match(r'^([fb])(\d+)\.(.*)$', key)
    if not m:
        return key
    return f"{'flows' if m.group(1) == 'f' else 'background'}[{m.group(2)}].{m.group(3)}"


def sweep(schema, link, xs=None, protocols=None, k=None, platform=None):
    """{(protocol, x): {figure: {n, mean, sd, min, max, ci95}}} of a sweep link (its own x
    grid, compared protocols and seeds unless given); `platform` first sets the paper's
    platform on it (presetlib.platform_hash), as the generators do last."""
    if platform:
        link = platform_hash(schema, link, platform)
    scenario, view = decode_hash(schema, link)
    v = dict(part.split('=', 1) for part in view)
    if xs is not None:
        xs = sorted(set(float(x) for x in xs))
        # The CLI sweeps two points or more: a lone x gets a twin a hair above it.
        grid = ['--xs', ','.join(repr(x) for x in (xs if len(xs) > 1 else [xs[0], xs[0] + 1e-9 * max(1, abs(xs[0]))]))]
    elif 'sweep.points' in v:
        grid = ['--xs', v['sweep.points']]
    else:
        grid = ['--from', v['sweep.from'], '--to', v['sweep.to'], '--points', v['sweep.n']]
        grid += ['--log'] if v.get('sweep.scale') == 'log' else []
    protocols = protocols or v['cmp'].split(',')
    k = k or int(v.get('sweep.k', 1))
    key = (json.dumps(scenario, sort_keys=True), v['sweep.x'], tuple(grid), tuple(protocols), k)
    if key not in _CACHE:
        with scenario_file(scenario) as f:
            args = [str(PLAB), 'sweep', f.name, '--x', _engine_path(v['sweep.x']), *grid, '--protocols',
                    ','.join(protocols), '--seeds', str(k)]
            out = subprocess.run(args, capture_output=True, text=True)
        if out.returncode:
            raise SystemExit(f'measure: {" ".join(args)}: {out.stderr.strip()}')
        _CACHE[key] = {(p['protocol'], p['x']): p['figures'] for p in json.loads(out.stdout)['points']}
    return _CACHE[key]


def at(points, protocol, x, figure='goodput_mbps', stat='mean'):
    """One statistic of one figure at the x nearest `x` (a log grid's points are rounded);
    stat None: all of them ({n, mean, sd, min, max, ci95})."""
    near = min((px for (p, px) in points if p == protocol), key=lambda px: abs(px - x))
    f = points[(protocol, near)][figure]
    return f if stat is None else f[stat]


def xs_of(points, protocol):
    return sorted(px for (p, px) in points if p == protocol)


def runs(schema, link, platform=None, protocols=None):
    """{protocol: the run's summary} of a compare link (one seed per protocol, the page's
    compare view), each compared protocol on the flows the swap changes."""
    if platform:
        link = platform_hash(schema, link, platform)
    scenario, view = decode_hash(schema, link)
    v = dict(part.split('=', 1) for part in view)
    out = {}
    for entry in protocols or v['cmp'].split(','):
        name, _, recovery = entry.partition('/')
        sc = json.loads(json.dumps(scenario))
        flows = sc.setdefault('flows', [{}])
        default = next(p for p in schema['params'] if p['path'] == 'flows[].protocol')['default']
        group = flows[0].get('protocol', default)
        for i, f in enumerate(flows):
            if i == 0 or f.get('protocol', default) == group:
                f['protocol'] = name
                if recovery:
                    f['recovery'] = recovery
        key = json.dumps(sc, sort_keys=True)
        if key not in _CACHE:
            with scenario_file(sc) as f:
                res = subprocess.run([str(PLAB), 'run', f.name], capture_output=True, text=True)
            if res.returncode:
                raise SystemExit(f'measure: plab run: {res.stderr.strip()}')
            doc = json.loads(res.stdout)
            _CACHE[key] = {'summary': doc['summary'], 'flows': [f['summary'] for f in doc['flows']]}
        out[entry] = _CACHE[key]
    return out


def fmt(v, digits=3):
    """A measured number as the explanations write it: `digits` significant digits,
    thousands with commas."""
    if v is None:
        return 'n/a'
    if abs(v) >= 1000:
        return f'{round(v, -2 if abs(v) >= 10000 else -1):,.0f}'
    if abs(v) >= 10 ** digits:
        return f'{v:.0f}'
    return f'{v:.{digits}g}'


def span(values, digits=2):
    """'a-b' of the values (one number when they round alike)."""
    lo, hi = fmt(min(values), digits), fmt(max(values), digits)
    return lo if lo == hi else f'{lo}-{hi}'


def timeouts_text(n):
    """'no timeout', 'one timeout', 'n timeouts'."""
    n = int(round(n))
    return 'no timeout' if n == 0 else 'one timeout' if n == 1 else f'{n} timeouts'
