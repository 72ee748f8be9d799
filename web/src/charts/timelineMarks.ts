// Live mode's timeline on a chart: each change applied during Play ("at 5.27 s, loss →
// 0.02") as a thin vertical line at its time with a short label, on every Live chart,
// so one sees where the curves answer the change.
import type * as d3 from 'd3';
import type { ParamModel } from '../model/params/params';
import type { TimelineEntry } from '../url/timeline';

export interface TimelineMark {
  /** Simulated time of the change, s. */
  t: number;
  /** A short label ("loss → 0.02"). */
  label: string;
  /** The whole sentence, for the mark's tooltip. */
  title?: string;
}

/** Draws (or updates) the marks inside the plot group `root` (x: time scale). */
export function drawTimelineMarks<Datum, PElement extends d3.BaseType, PDatum>(
  root: d3.Selection<SVGGElement, Datum, PElement, PDatum>,
  marks: readonly TimelineMark[],
  x: d3.ScaleLinear<number, number>,
  innerH: number,
): void {
  const [a, b] = x.domain();
  const shown = marks.filter((m) => Number.isFinite(m.t) && m.t >= a && m.t <= b);
  const g = root
    .selectAll<SVGGElement, null>('g.timeline-marks')
    .data([null])
    .join('g')
    .attr('class', 'timeline-marks')
    .attr('pointer-events', 'none');
  const mark = g
    .selectAll<SVGGElement, TimelineMark>('g.timeline-mark')
    .data(shown)
    .join((enter) => {
      const e = enter.append('g').attr('class', 'timeline-mark');
      e.append('line');
      e.append('text');
      e.append('title');
      return e;
    })
    .attr('data-t', (m) => m.t)
    .attr('transform', (m) => `translate(${x(m.t)},0)`);
  mark
    .select('line')
    .attr('y1', 0)
    .attr('y2', innerH)
    .attr('stroke', '#6b4fa0')
    .attr('stroke-width', 1.2)
    .attr('stroke-dasharray', '4 3');
  // Labels alternate rows so two close changes stay legible.
  mark
    .select('text')
    // Near the right edge the label goes left of its line.
    .attr('text-anchor', (m) => (x(m.t) > x.range()[1] - 90 ? 'end' : 'start'))
    .attr('x', (m) => (x(m.t) > x.range()[1] - 90 ? -3 : 3))
    .attr('y', (_m, i) => 11 + (i % 2) * 13)
    .attr('fill', '#4a3575')
    .attr('font-size', 11)
    .text((m) => m.label);
  mark.select('title').text((m) => m.title ?? m.label);
}

/** The marks of a timeline: "loss → 0.02" (the parameter's label, its new value and unit). */
export function timelineMarksOf(model: ParamModel | undefined, timeline: readonly TimelineEntry[]): TimelineMark[] {
  return timeline.map((e) => {
    const decl = model?.byPath.get(e.path)?.decl;
    const unit = decl?.unit ? ` ${decl.unit}` : '';
    const label = `${decl?.label ?? e.path} → ${String(e.value)}${unit}`;
    return { t: e.t, label, title: `at ${e.t.toFixed(2)} s: ${label}` };
  });
}
