// Summary figures as the engine declares them (the schema's top-level `summary`: name,
// label, unit, help, numeric). The page's own list is only the fallback for an engine
// that declares none, or for a key a result has but the schema does not name.
// A figure whose value is null (e.g. connection_time_s of an unlimited transfer,
// tokens per RTT without a token bucket) has no value: it shows "—" and a sweep skips it.
import type { EngineSchema, RunSummary } from '../../engine/types';

export interface Figure {
  key: string;
  label: string;
  unit: string;
  help?: string;
  numeric: boolean;
}

/** The page's own list (docs/engine-api.md), used when the schema declares none. */
export const FALLBACK_FIGURES: Figure[] = [
  ['goodput_mbps', 'Goodput', 'Mb/s'],
  ['retransmissions', 'Retransmissions', ''],
  ['timeouts', 'Timeouts', ''],
  ['fast_retransmits', 'Fast retransmits', ''],
  ['partial_acks', 'Partial ACKs', ''],
  ['app_success_pct', 'Playback success', '%'],
  ['mean_tokens_per_rtt', 'Tokens per RTT (mean)', 'tokens'],
  ['mean_allowed_tokens_per_rtt', 'Allowed tokens per RTT (mean)', 'tokens'],
  ['connection_time_s', 'Connection time', 's'],
  ['delivered_bytes', 'Delivered', 'bytes'],
  ['mean_srtt_ms', 'Mean SRTT', 'ms'],
  ['mean_rto_ms', 'Mean RTO', 'ms'],
  ['loss_event_rate', 'Loss event rate', ''],
  ['model_simple_mbps', 'Model: simple (Mathis)', 'Mb/s'],
  ['model_complex_mbps', 'Model: complex (Padhye)', 'Mb/s'],
  ['model_modified_mbps', 'Model: modified (Ng & Chan)', 'Mb/s'],
  ['mean_queue_packets', 'Mean queue', 'packets'],
  ['max_queue_packets', 'Max queue', 'packets'],
  ['bandwidth_estimate_mbps', 'Bandwidth estimate', 'Mb/s'],
  ['final_cwnd_segments', 'Final cwnd', 'segments'],
  ['data_packets_sent', 'Data packets sent', ''],
  ['forward_channel_drops', 'Forward channel drops', ''],
  ['reverse_channel_drops', 'Reverse channel drops', ''],
  ['queue_drops', 'Queue drops', ''],
  ['events', 'Simulator events', ''],
].map(([key, label, unit]) => ({ key, label, unit, numeric: true }));

const NAME = /^[a-z][a-z0-9_]*$/;

/** The schema's declarations (every one, numeric or not), or the fallback list when it
 * has none. Malformed entries are skipped. */
export function figuresFromSchema(schema: Pick<EngineSchema, 'summary'>): Figure[] {
  const decls = Array.isArray(schema.summary) ? schema.summary : [];
  const out: Figure[] = [];
  const seen = new Set<string>();
  for (const d of decls) {
    if (!d || typeof d.name !== 'string' || !NAME.test(d.name) || seen.has(d.name)) continue;
    seen.add(d.name);
    out.push({
      key: d.name,
      label: typeof d.label === 'string' && d.label ? d.label : d.name.replace(/_/g, ' '),
      unit: typeof d.unit === 'string' ? d.unit : '',
      help: typeof d.help === 'string' && d.help ? d.help : undefined,
      numeric: d.numeric !== false,
    });
  }
  return out.length ? out : FALLBACK_FIGURES;
}

/** Label, unit and help of a figure: the declaration, else the fallback list, else the
 * key itself (an engine newer than its schema, or a key from an old link). */
export function figureInfo(figures: readonly Figure[] | undefined, key: string): Figure {
  return (
    figures?.find((f) => f.key === key) ??
    FALLBACK_FIGURES.find((f) => f.key === key) ?? { key, label: key.replace(/_/g, ' '), unit: '', numeric: true }
  );
}

/** "Label (unit)", or the label alone for a dimensionless figure. */
export function figureTitle(f: Pick<Figure, 'label' | 'unit'>): string {
  return f.unit ? `${f.label} (${f.unit})` : f.label;
}

/** The figure's value when it has one: a finite number, else null (null, missing, NaN,
 * a string or a flag). */
export function figureValue(summary: RunSummary | null | undefined, key: string): number | null {
  // "goodput_by_protocol.reno": a number inside a figure that is an object.
  const dot = key.indexOf('.');
  const top = summary?.[dot < 0 ? key : key.slice(0, dot)];
  const v =
    dot < 0 ? top : top && typeof top === 'object' ? (top as Record<string, unknown>)[key.slice(dot + 1)] : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The numeric figures for menus: the declared ones in schema order, then any other
 * number a result carries (sorted), so nothing an engine reports is out of reach. */
export function numericFigureKeys(
  figures: readonly Figure[],
  ...summaries: (RunSummary | null | undefined)[]
): string[] {
  const keys = figures.filter((f) => f.numeric).map((f) => f.key);
  const declared = new Set(figures.map((f) => f.key));
  const extra = new Set<string>();
  for (const s of summaries)
    for (const [k, v] of Object.entries(s ?? {}))
      if (typeof v === 'number' && !declared.has(k) && NAME.test(k)) extra.add(k);
  return [...keys, ...[...extra].sort()];
}

/** Digits a figure is shown with: whole numbers for counts, more for small rates. */
export function figureDigits(f: Pick<Figure, 'key' | 'unit'>): number {
  if (f.key === 'loss_event_rate') return 4;
  if (/^(packets|bytes|segments|)$/.test(f.unit) && !/^mean_|_pct$|_rate$/.test(f.key)) return 0;
  if (f.unit === 's') return 3;
  if (f.unit === '%' || f.unit === 'ms' || f.unit === 'tokens' || f.unit === 'packets') return 1;
  return 2;
}
