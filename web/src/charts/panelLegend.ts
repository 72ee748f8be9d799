// An exported chart's key (export/legend.ts), from the panel the chart draws: its
// declared lines and markers with their colours, dashes and shapes, or the
// time–sequence diagram's four traces. Not read from the drawn chart.
import { isMarkerKey, type LegendItem } from '../export/legend';
import type { RoleColors } from './palette';
import type { Panel } from './panels';

/** A panel's key: each line, then each marker, once per label. */
export function panelLegend(p: Panel, colors: RoleColors): LegendItem[] {
  if (p.kind === 'time_sequence')
    return [
      { label: 'segment sent', color: colors.sent, shape: 'square' },
      { label: 'retransmitted', color: colors.retransmitted, shape: 'cross' },
      { label: 'cumulative ACK', color: colors.acked, shape: 'ack-steps' },
      { label: 'SACK block', color: colors.sackBlock, shape: 'bar' },
    ];
  const seen = new Set<string>();
  const items: LegendItem[] = [];
  for (const s of p.series) {
    if (seen.has(s.label)) continue;
    seen.add(s.label);
    items.push({ label: s.label, color: s.color, shape: s.shape, dash: s.dash });
  }
  return [...items.filter((i) => !isMarkerKey(i.shape)), ...items.filter((i) => isMarkerKey(i.shape))];
}
