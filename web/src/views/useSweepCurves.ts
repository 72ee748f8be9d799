// The sweep view's curves: one line per series (a legend when one per protocol), and,
// for goodput against a loss rate with a single series shown, the three throughput
// models (from each run's own summary) with how far each is from the measured mean.
import { useMemo } from 'react';
import { MEASURED_COLOR, type LegendEntry, type ModelCurve, type SweepLineStyle } from '../charts/SweepChart';
import { appLimits } from '../model/run/appLimits';
import type { ParamModel, Values } from '../model/params/params';
import { MODEL_CURVES, modelError, showsModels, sweepLines, sweepPoints } from '../model/sweep/sweep';
import type { SweepRun } from '../state/store';

export const MODEL_STYLE: Record<string, { color: string; dash: string }> = {
  model_simple_mbps: { color: '#d55e00', dash: '9 6' },
  model_complex_mbps: { color: '#009e73', dash: '3 4' },
  model_modified_mbps: { color: '#cc79a7', dash: '14 5 3 5' },
};

interface CurveInputs {
  model: ParamModel;
  values: Values;
  run: SweepRun | undefined;
  y: string;
  shownX: string;
  hidden: string[];
  protoLabel: (p: string) => string;
  protoColor: (p: string) => string;
}

export function useSweepCurves({ model, values, run, y, shownX, hidden, protoLabel, protoColor }: CurveInputs) {
  const byProtocol = !!run && run.series.some((l) => l.protocol !== null);
  const drawn = useMemo(() => (run ? sweepLines(run.grid, run.series, y, hidden) : []), [run, y, hidden]);
  const lines = useMemo<SweepLineStyle[]>(
    () =>
      drawn.map((l) => ({
        key: l.key,
        label: l.protocol === null ? 'measured' : protoLabel(l.protocol),
        color: l.protocol === null ? MEASURED_COLOR : protoColor(l.protocol),
        points: l.points,
      })),
    [drawn, protoLabel, protoColor],
  );
  const legend = useMemo<LegendEntry[] | undefined>(
    () =>
      byProtocol
        ? run!.series.map((l) => ({
            key: l.protocol!,
            label: protoLabel(l.protocol!),
            color: protoColor(l.protocol!),
            hidden: hidden.includes(l.protocol!),
          }))
        : undefined,
    [byProtocol, run, hidden, protoLabel, protoColor],
  );
  // The models are drawn for a single series only (one per protocol would be a tangle):
  // with one protocol left visible, they are that protocol's.
  const single =
    run && drawn.length === 1 ? run.series.find((l) => (l.protocol ?? 'measured') === drawn[0].key) : undefined;
  const points = useMemo(() => (drawn.length === 1 ? drawn[0].points : []), [drawn]);
  const withModels = showsModels({ x: shownX, y });
  const limits = useMemo(() => (withModels ? appLimits(model, values) : []), [withModels, model, values]);
  const models = useMemo<ModelCurve[]>(() => {
    if (!run || !withModels || !single) return [];
    return MODEL_CURVES.map((m) => {
      const pts = sweepPoints(run.grid, single.summaries, m.key);
      return { key: m.key, label: m.label, ...MODEL_STYLE[m.key], x: pts.map((p) => p.x), y: pts.map((p) => p.mean) };
    });
  }, [run, withModels, single]);
  const errorsByModel = useMemo(() => {
    if (!run || !withModels || !single) return [];
    return MODEL_CURVES.map((m) => {
      const pts = sweepPoints(run.grid, single.summaries, m.key);
      const byX = new Map(pts.map((p) => [p.x, p.mean]));
      const measured = points.map((p) => p.mean);
      const model = points.map((p) => byX.get(p.x) ?? NaN);
      return { ...m, err: modelError(measured, model) };
    });
  }, [run, withModels, single, points]);

  // Curves that lie on top of each other would hide one another: say so.
  const coincide = useMemo(() => {
    const out: string[] = [];
    for (let i = 0; i < models.length; i++)
      for (let j = i + 1; j < models.length; j++) {
        const a = models[i].y;
        const b = models[j].y;
        if (
          a.length &&
          a.length === b.length &&
          a.every((v, n) => Math.abs(v - b[n]) <= 1e-9 * Math.max(1, Math.abs(v)))
        )
          out.push(`${models[j].label} coincides with ${models[i].label} on these runs`);
      }
    return out;
  }, [models]);
  return { lines, legend, models, errorsByModel, coincide, points, withModels, limits };
}
