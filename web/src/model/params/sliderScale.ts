// Slider position (0..SLIDER_STEPS) <-> parameter value, linear or logarithmic as the
// schema's `scale` hint says, or piecewise for a loss rate, with values rounded so the
// URL stays short.
import type { ParamDecl } from '../../engine/types';

export const SLIDER_STEPS = 1000;

export interface SliderScale {
  toValue(pos: number): number;
  toPos(value: number): number;
}

/** 1, 2 or 5 times a power of ten, at least x. */
function niceStep(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) if (m * p >= x - 1e-12 * p) return m * p;
  return 10 * p;
}

function decimalsOf(step: number): number {
  return Math.max(0, Math.min(12, -Math.floor(Math.log10(step) + 1e-9)));
}

function roundSig(x: number, sig: number): number {
  if (x === 0) return 0;
  return Number(x.toPrecision(sig));
}

/** A packet loss rate (a link's or a channel's `p`, a probability in [0, 1]). The
 * schema declares it linear, which is right for typing and sweeps but leaves the range a
 * lesson uses (0 to 5 %) about 12 px of a slider; its slider is piecewise instead. */
export function isLossRate(decl: ParamDecl): boolean {
  return (
    /(^|\.)p$/.test(decl.path) && decl.min === 0 && decl.max === 1 && decl.type === 'number' && decl.scale !== 'log'
  );
}

/** Knots of the loss-rate slider, [position, value]: linear between them. 0 to 5 % takes
 * 80 % of the track (0.01 % per notch from 1 % to 5 %); 0 and 1 stay exact at the ends. */
export const LOSS_KNOTS: readonly [number, number][] = [
  [0, 0],
  [100, 0.001],
  [400, 0.01],
  [800, 0.05],
  [SLIDER_STEPS, 1],
];

function piecewise(knots: readonly [number, number][]): SliderScale {
  const last = knots.length - 1;
  return {
    toValue(pos) {
      if (pos <= knots[0][0]) return knots[0][1];
      if (pos >= knots[last][0]) return knots[last][1];
      let i = 1;
      while (knots[i][0] < pos) i++;
      const [p0, v0] = knots[i - 1];
      const [p1, v1] = knots[i];
      return roundSig(v0 + ((v1 - v0) * (pos - p0)) / (p1 - p0), 3);
    },
    toPos(v) {
      if (!(v > knots[0][1])) return knots[0][0];
      if (v >= knots[last][1]) return knots[last][0];
      let i = 1;
      while (knots[i][1] < v) i++;
      const [p0, v0] = knots[i - 1];
      const [p1, v1] = knots[i];
      return Math.round(p0 + ((p1 - p0) * (v - v0)) / (v1 - v0));
    },
  };
}

/** A slider scale, or null when the parameter has no usable finite range. */
export function sliderScale(decl: ParamDecl): SliderScale | null {
  const { min, max } = decl;
  if (min === undefined || max === undefined || !Number.isFinite(min) || !Number.isFinite(max) || !(max > min))
    return null;
  if (isLossRate(decl)) return piecewise(LOSS_KNOTS);
  const integer = decl.type === 'integer';
  const clamp = (v: number) => Math.min(max, Math.max(min, v));
  if (decl.scale === 'log' && max > 0) {
    // A log scale needs a positive low end: below it the slider's first notch is `min`.
    const lo = min > 0 ? min : Math.min(max / 1e4, max);
    const ratio = Math.log(max / lo);
    return {
      toValue(pos) {
        if (pos <= 0) return min;
        if (pos >= SLIDER_STEPS) return max;
        const raw = lo * Math.exp((ratio * pos) / SLIDER_STEPS);
        const v = integer ? Math.round(raw) : roundSig(raw, 3);
        return clamp(v);
      },
      toPos(v) {
        if (!(v > lo)) return v <= min ? 0 : 1;
        return Math.min(SLIDER_STEPS, Math.max(0, Math.round((Math.log(v / lo) / ratio) * SLIDER_STEPS)));
      },
    };
  }
  const step = integer ? Math.max(1, niceStep((max - min) / SLIDER_STEPS)) : niceStep((max - min) / SLIDER_STEPS);
  const decimals = integer ? 0 : decimalsOf(step);
  return {
    toValue(pos) {
      if (pos <= 0) return min;
      if (pos >= SLIDER_STEPS) return max;
      const raw = min + ((max - min) * pos) / SLIDER_STEPS;
      const v = Math.round(raw / step) * step;
      return clamp(integer ? Math.round(v) : Number(v.toFixed(decimals)));
    },
    toPos(v) {
      return Math.min(SLIDER_STEPS, Math.max(0, Math.round(((v - min) / (max - min)) * SLIDER_STEPS)));
    },
  };
}
