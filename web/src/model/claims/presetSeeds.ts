// What a preset's numbers rest on: how many seeds each point or curve runs and what
// spread the chart draws, read from the preset's own link, so the note can never
// disagree with the runs on screen.
import type { ParamModel } from '../params/params';
import { decodeHash } from '../../url/codec';
import { type ViewState } from '../views';
import { decodeViewParams } from '../../url/viewParams';

/** One sentence: the seed count and the spread shown, for a view and a base seed. */
export function seedNoteOf(view: ViewState, seed: number): string {
  if (view.view === 'sweep') {
    const k = view.sweep.k;
    if (k === 1) return `1 seed per point (seed ${seed}): no spread shown; add seeds (K) for confidence intervals.`;
    return `${k} seeds per point (seeds ${seed} to ${seed + k - 1}); dots show the mean, bars its 95 % confidence interval, the shaded band the lowest to highest seed.`;
  }
  if (view.view === 'compare')
    return `1 seed per protocol (seed ${seed}, the same for every protocol): no spread shown; run it as a sweep for confidence intervals.`;
  return `1 run (seed ${seed}): no spread shown.`;
}

/** The seed note of a preset's link. */
export function presetSeedNote(model: ParamModel, hash: string): string {
  const d = decodeHash(model, hash);
  const v = decodeViewParams(model, d.viewPairs);
  const seed = typeof d.values.seed === 'number' ? d.values.seed : Number(d.values.seed ?? 1);
  return seedNoteOf(v.state, Number.isFinite(seed) ? seed : 1);
}
