import { memo } from 'react';
// The run's headline figures, labelled with the schema's `summary` declarations (label,
// unit, help). Anything null, missing or not finite shows as "—", never NaN, with a
// note saying why when the run tells (not completed, no token bucket).
import type { RunSummary } from '../engine/types';
import { figureInfo, type Figure } from '../model/run/figures';
import './summary.css';

interface Item {
  key: keyof RunSummary & string;
  digits: number;
  /** Shown only when the run has a value for it. */
  optional?: boolean;
}

const ITEMS: Item[] = [
  { key: 'goodput_mbps', digits: 2 },
  { key: 'connection_time_s', digits: 2 },
  { key: 'retransmissions', digits: 0 },
  { key: 'timeouts', digits: 0 },
  { key: 'fast_retransmits', digits: 0 },
  // A flow with ECN (RFC 3168): its window reductions answering marks; null, so not shown, without.
  { key: 'ecn_responses', digits: 0, optional: true },
  { key: 'app_success_pct', digits: 1 },
  { key: 'mean_tokens_per_rtt', digits: 1 },
  { key: 'recovery_duration_s', digits: 3, optional: true },
];

// A run with several flows: the run's aggregates first (goodput of flow 0 alone would
// mislead), then the per-flow table (FlowTable).
const MULTI_ITEMS: Item[] = [
  { key: 'total_goodput_mbps', digits: 2 },
  { key: 'jain_index', digits: 3 },
  { key: 'mean_goodput_mbps', digits: 2 },
  { key: 'background_goodput_mbps', digits: 2, optional: true },
  { key: 'mean_queue_packets', digits: 1 },
  { key: 'max_queue_packets', digits: 0 },
];

/** Why a figure has no value, when the summary says. */
export function noValueNote(key: string, summary: RunSummary | undefined): string {
  if (!summary) return '';
  if (key === 'connection_time_s') return summary.completed ? '' : 'not completed';
  if (key === 'mean_tokens_per_rtt' || key === 'mean_allowed_tokens_per_rtt') return 'no token bucket';
  if (key === 'recovery_duration_s') return 'window-drop experiment only';
  if (key === 'app_success_pct') return 'no playback reads';
  if (key === 'jain_index') return 'no flow delivered anything';
  return 'no value in this run';
}

// One formatter per number of digits: toLocaleString with options builds a new
// Intl.NumberFormat at each call (LE Fig. 4's sweep table spent ~0.8 s of main thread
// in it while the sweep ran); the text is the same.
const formats = new Map<number, Intl.NumberFormat>();

export function formatNumber(v: unknown, digits: number): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  let f = formats.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(digits, f);
  }
  return f.format(v);
}

export const Summary = memo(function Summary({
  summary,
  stale,
  figures,
  multi = false,
}: {
  summary?: RunSummary;
  stale: boolean;
  figures?: Figure[];
  multi?: boolean;
}) {
  const allowed = summary?.mean_allowed_tokens_per_rtt;
  const items = (multi ? MULTI_ITEMS : ITEMS).filter(
    (it) => !it.optional || (typeof summary?.[it.key] === 'number' && Number.isFinite(summary[it.key])),
  );
  return (
    <section
      className={`summary${stale ? ' stale' : ''}`}
      aria-label="Run summary"
      data-testid="summary"
      data-mode={multi ? 'multi' : 'single'}
    >
      {items.map((it) => {
        const text = formatNumber(summary?.[it.key], it.digits);
        const info = figureInfo(figures, it.key);
        const unit = info.unit === 'packets' ? '' : info.unit; // "12 packets" reads worse than "12"
        return (
          <div className="metric" key={it.key} title={info.help}>
            <div className="metric-label">{info.label}</div>
            <div className="metric-value" data-testid={`summary.${it.key}`}>
              {text}
              {text !== '—' && unit && <span className="metric-unit"> {unit}</span>}
            </div>
            {it.key === 'mean_tokens_per_rtt' && typeof allowed === 'number' && Number.isFinite(allowed) && (
              <div className="metric-note">allowed {formatNumber(allowed, 1)}</div>
            )}
            {summary && text === '—' && <div className="metric-note">{noValueNote(it.key, summary)}</div>}
          </div>
        );
      })}
    </section>
  );
});
