// The control groups of the sidebar, in the order a lesson goes through them.
import type { ParamSpec } from './params';

// The order a lesson goes through the controls: what the sender is, what the path does
// to it, what the application sees, then the run itself. A group of one protocol's own
// parameters (every one shown only for some protocols: RRTP's) comes right after the
// sender's; other groups the page does not know keep the schema's order, after these.
const GROUP_ORDER = [
  'tcp',
  'protocol',
  'flow',
  'forward channel',
  'reverse channel',
  'channel',
  'path',
  'application',
  'background',
  'run',
];

function isProtocolOwn(specs: ParamSpec[]): boolean {
  const whenPath = (s: ParamSpec) => (s.decl.when as { path?: unknown } | undefined)?.path;
  return (
    specs.every((s) => typeof whenPath(s) === 'string') &&
    specs.some((s) => /(^|\.)protocol$/.test(String(whenPath(s))))
  );
}

/** Groups in lesson order (GROUP_ORDER), then in the order the schema names them;
 * inside a group, the schema's order. */
export function groupSpecs(specs: ParamSpec[]): { group: string; specs: ParamSpec[] }[] {
  const groups = new Map<string, ParamSpec[]>();
  for (const s of specs) {
    const g = s.decl.group || 'Other';
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g)!.push(s);
  }
  const rank = (g: string) => {
    const i = GROUP_ORDER.indexOf(g.toLowerCase());
    if (i >= 0) return i;
    return isProtocolOwn(groups.get(g)!) ? GROUP_ORDER.indexOf('protocol') + 0.5 : GROUP_ORDER.length;
  };
  return [...groups]
    .map(([group, list], i) => ({ group, specs: list, i }))
    .sort((a, b) => rank(a.group) - rank(b.group) || a.i - b.i)
    .map(({ group, specs: list }) => ({ group, specs: list }));
}
