import { memo } from 'react';
// The run's headline figures. Anything missing or not finite shows as "—", never NaN.
import type { RunSummary } from '../engine/types';

interface Item {
  key: keyof RunSummary & string;
  label: string;
  unit: string;
  digits: number;
}

const ITEMS: Item[] = [
  { key: 'goodput_mbps', label: 'Goodput', unit: 'Mb/s', digits: 2 },
  { key: 'connection_time_s', label: 'Connection time', unit: 's', digits: 2 },
  { key: 'retransmissions', label: 'Retransmissions', unit: '', digits: 0 },
  { key: 'timeouts', label: 'Timeouts', unit: '', digits: 0 },
  { key: 'fast_retransmits', label: 'Fast retransmits', unit: '', digits: 0 },
  { key: 'app_success_pct', label: 'Playback success', unit: '%', digits: 1 },
  { key: 'mean_tokens_per_rtt', label: 'Tokens per RTT (mean)', unit: '', digits: 1 },
];

export function formatNumber(v: unknown, digits: number): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return '—';
  return v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const Summary = memo(function Summary({ summary, stale }: { summary?: RunSummary; stale: boolean }) {
  const allowed = summary?.mean_allowed_tokens_per_rtt;
  return (
    <section className={`summary${stale ? ' stale' : ''}`} aria-label="Run summary" data-testid="summary">
      {ITEMS.map((it) => {
        const text = formatNumber(summary?.[it.key], it.digits);
        return (
          <div className="metric" key={it.key}>
            <div className="metric-label">{it.label}</div>
            <div className="metric-value" data-testid={`summary.${it.key}`}>
              {text}
              {text !== '—' && it.unit && <span className="metric-unit"> {it.unit}</span>}
            </div>
            {it.key === 'mean_tokens_per_rtt' && typeof allowed === 'number' && Number.isFinite(allowed) && (
              <div className="metric-note">allowed {formatNumber(allowed, 1)}</div>
            )}
            {it.key === 'connection_time_s' && summary && text === '—' && (
              <div className="metric-note">{summary.completed ? '' : 'not completed'}</div>
            )}
          </div>
        );
      })}
    </section>
  );
});
