// What the topology picture shows, as data: the links of the chosen topology (from the
// engine's `topologies` declaration, so a new topology needs no page code), each
// with its rate, delay, queue and loss as text, for the shared link or for each flow,
// and the background groups (FTP flows, web users) beside the flows on every topology.
import type { TopologyDecl, TopologyLinkDecl } from '../../engine/types';
import { allSpecs, itemCount, itemPath, valueOf, type ParamModel, type ParamSpec, type Values } from '../params/params';
import { optionLabel } from '../params/labels';
import { isVisible, type VisibilityRule } from '../params/visibility';

export interface LinkLabel {
  /** "10 Mb/s · 20 ms" */
  line: string;
  /** "queue 100 pkts (RED)" */
  queue?: string;
  /** "loss 1 %" (the link's own error model, and a flow's channel where it lives) */
  loss?: string;
}

export interface LinkView {
  decl: TopologyLinkDecl;
  /** One label for a shared link; one per flow for a per-flow link. */
  labels: LinkLabel[];
}

/** A background group as the picture draws it: a box by the senders, one by the
 * receivers, joined through the routers to the shared links. */
export interface BackgroundView {
  index: number;
  kind: string;
  /** The senders' box ("10 FTP senders", "web servers": a web user's responses come
   * from the left, as a flow's data does) and the receivers' ("10 web users"). */
  senders: string;
  receivers: string;
  /** "Background group 1: 10 web users (HTTP), NewReno" */
  title: string;
}

export interface TopologyView {
  decl: TopologyDecl;
  links: LinkView[];
  flows: number;
  background: BackgroundView[];
}

/** A link parameter's concrete path for flow `flow` ("flows[].access." -> "flows[2].access."). */
export function resolvePrefix(prefix: string, flow: number): string {
  return prefix.replace(/^flows\[\]/, `flows[${flow}]`);
}

function find(
  model: ParamModel,
  values: Values,
  link: TopologyLinkDecl,
  flow: number,
  leaf: string,
): { spec: ParamSpec; value: unknown } | null {
  for (const prefix of link.params) {
    const p = resolvePrefix(prefix, flow);
    const path = p.endsWith('.') ? p + leaf : p.endsWith(`.${leaf}`) ? p : null;
    if (!path) continue;
    const spec = model.byPath.get(path);
    if (spec) return { spec, value: valueOf(model, values, path) };
  }
  return null;
}

export function formatRate(mbps: number): string {
  if (!Number.isFinite(mbps)) return '?';
  if (mbps >= 1000) return `${trim(mbps / 1000)} Gb/s`;
  if (mbps >= 1) return `${trim(mbps)} Mb/s`;
  return `${trim(mbps * 1000)} kb/s`;
}

function trim(v: number): string {
  return String(Number(v.toPrecision(3)));
}

function lossText(model: ParamModel, values: Values, base: string): string | undefined {
  const m = valueOf(model, values, `${base}.model`);
  if (m === undefined || m === 'none') return undefined;
  if (m === 'bernoulli') {
    const p = Number(valueOf(model, values, `${base}.p`));
    return p > 0 ? `${trim(p * 100)} %` : undefined;
  }
  return optionLabel(model.byPath.get(`${base}.model`)?.decl, String(m)).toLowerCase();
}

function labelOf(model: ParamModel, values: Values, link: TopologyLinkDecl, flow: number): LinkLabel {
  const rate = find(model, values, link, flow, 'rate_mbps');
  const delay = find(model, values, link, flow, 'delay_ms');
  const qlen = find(model, values, link, flow, 'queue_packets');
  const qdisc = find(model, values, link, flow, 'queue');
  const parts = [rate ? formatRate(Number(rate.value)) : null, delay ? `${trim(Number(delay.value))} ms` : null].filter(
    Boolean,
  );
  let queue: string | undefined;
  const bdp = find(model, values, link, flow, 'queue_bdp');
  if (qlen) {
    const disc = qdisc && qdisc.value !== 'drop_tail' ? ` ${optionLabel(qdisc.spec.decl, String(qdisc.value))}` : '';
    // A buffer sized in bandwidth-delay products replaces the packet count (engine: queue_bdp).
    const size = bdp && Number(bdp.value) > 0 ? `${trim(Number(bdp.value))} BDP` : trim(Number(qlen.value));
    queue = `queue ${size}${disc}`;
  }
  // A delivery trace stands in for the rate in that direction (engine: trace.*.source).
  for (const prefix of link.params) {
    const p = resolvePrefix(prefix, flow);
    if (!p.endsWith('.') || p.startsWith('flows[')) continue;
    const fwd = valueOf(model, values, `${p}trace.forward.source`);
    const rev = valueOf(model, values, `${p}trace.reverse.source`);
    const named = (v: unknown) => (v === 'inline' ? 'own trace' : `trace ${String(v)}`);
    if (fwd !== undefined && fwd !== 'none' && parts.length) parts[0] = named(fwd);
    if (rev !== undefined && rev !== 'none') parts.push(`ACKs: ${named(rev)}`);
  }
  const losses: string[] = [];
  for (const prefix of link.params) {
    const p = resolvePrefix(prefix, flow);
    if (!p.endsWith('.') || p.startsWith('flows[')) continue;
    const fwd = lossText(model, values, `${p}errors.forward`);
    const rev = lossText(model, values, `${p}errors.reverse`);
    if (fwd) losses.push(`loss ${fwd}`);
    if (rev) losses.push(`ACK loss ${rev}`);
  }
  if (link.carries_channel) {
    const fwd = lossText(model, values, `flows[${flow}].channel.forward`);
    const rev = lossText(model, values, `flows[${flow}].channel.reverse`);
    if (fwd) losses.push(`flow loss ${fwd}`);
    if (rev) losses.push(`flow ACK loss ${rev}`);
  }
  return { line: parts.join(' · '), queue, loss: losses.length ? losses.join(', ') : undefined };
}

export function topologyView(model: ParamModel, values: Values): TopologyView | null {
  const kind = String(valueOf(model, values, 'topology.kind') ?? '');
  const decl = model.topologies.find((t) => t.name === kind) ?? model.topologies[0];
  if (!decl) return null;
  const flows = itemCount(model, values, 'flows');
  const links = decl.links.map((link) => ({
    decl: link,
    labels: link.per_flow
      ? Array.from({ length: flows }, (_, i) => labelOf(model, values, link, i))
      : [labelOf(model, values, link, 0)],
  }));
  return { decl, links, flows, background: backgroundView(model, values) };
}

/** Every background group, whatever its kind and on every topology. */
export function backgroundView(model: ParamModel, values: Values): BackgroundView[] {
  return Array.from({ length: itemCount(model, values, 'background') }, (_, index) => {
    const decl = (rest: string) => model.byPath.get(itemPath('background', index, rest))?.decl;
    const at = (rest: string) => String(valueOf(model, values, itemPath('background', index, rest)));
    const kind = at('.kind');
    const n = trim(Number(at('.count')));
    const one = n === '1';
    const [senders, receivers, what] =
      kind === 'http'
        ? ['web servers', `${n} web user${one ? '' : 's'}`, `${n} web user${one ? '' : 's'}`]
        : kind === 'ftp'
          ? [`${n} FTP sender${one ? '' : 's'}`, 'FTP receivers', `${n} FTP flow${one ? '' : 's'}`]
          : [`${n} senders`, 'receivers', `${n} flows`];
    const kindLabel = optionLabel(decl('.kind'), kind);
    const protocol = optionLabel(decl('.protocol'), at('.protocol'));
    return {
      index,
      kind,
      senders,
      receivers,
      title: `Background group ${index + 1}: ${what} (${kindLabel}), ${protocol}`,
    };
  });
}

/** The parameters a click on `link` edits (for flow `flow` where the link is per flow),
 * visible under these values, in schema order. */
export function linkParams(
  model: ParamModel,
  values: Values,
  rules: Map<string, VisibilityRule>,
  link: TopologyLinkDecl,
  flow: number,
): ParamSpec[] {
  const prefixes = link.params.map((p) => resolvePrefix(p, flow));
  const channel = link.carries_channel ? [`flows[${flow}].channel.`] : [];
  const all = [...prefixes, ...channel];
  return allSpecs(model, values).filter(
    (s) => all.some((p) => (p.endsWith('.') ? s.path.startsWith(p) : s.path === p)) && isVisible(s.path, rules, values),
  );
}
