import { describe, expect, it } from 'vitest';
import { isLossRate, LOSS_KNOTS, SLIDER_STEPS, sliderScale } from './sliderScale';

const loss = sliderScale({ path: 'flows[0].channel.forward.p', type: 'number', min: 0, max: 1, scale: 'linear' })!;

describe('the loss-rate slider', () => {
  it('is used for links and channels loss rates, not other fractions', () => {
    expect(isLossRate({ path: 'flows[0].channel.reverse.p', type: 'number', min: 0, max: 1 })).toBe(true);
    expect(isLossRate({ path: 'topology.bottleneck.forward.p', type: 'number', min: 0, max: 1 })).toBe(true);
    expect(isLossRate({ path: 'topology.bottleneck.red.max_p', type: 'number', min: 0, max: 1 })).toBe(false);
    expect(isLossRate({ path: 'flows[0].channel.forward.p', type: 'number', min: 0, max: 1, scale: 'log' })).toBe(
      false,
    );
  });

  it('reaches exactly 0 and 1 at the ends', () => {
    expect(loss.toValue(0)).toBe(0);
    expect(loss.toValue(SLIDER_STEPS)).toBe(1);
    expect(loss.toPos(0)).toBe(0);
    expect(loss.toPos(1)).toBe(SLIDER_STEPS);
  });

  it('is strictly increasing over the whole track', () => {
    let prev = -1;
    for (let p = 0; p <= SLIDER_STEPS; p++) {
      const v = loss.toValue(p);
      expect(v).toBeGreaterThan(prev);
      prev = v;
    }
  });

  it('round-trips every position, and typed values land within one notch', () => {
    for (let p = 0; p <= SLIDER_STEPS; p++) expect(loss.toPos(loss.toValue(p))).toBe(p);
    for (const v of [0.0005, 0.001, 0.0123, 0.02, 0.05, 0.3]) {
      const back = loss.toValue(loss.toPos(v));
      const step = loss.toValue(loss.toPos(v) + 1) - loss.toValue(loss.toPos(v));
      expect(Math.abs(back - v)).toBeLessThanOrEqual(step);
    }
    expect(loss.toValue(loss.toPos(0.01))).toBe(0.01);
  });

  it('gives 0 to 5 % most of the track', () => {
    expect(loss.toPos(0.05) / SLIDER_STEPS).toBeGreaterThanOrEqual(0.75);
    expect(loss.toPos(0.01) / SLIDER_STEPS).toBeGreaterThanOrEqual(0.35);
    // A linear slider gave 0 to 5 % 50 of its 1000 notches.
    expect(loss.toPos(0.05)).toBe(LOSS_KNOTS[3][0]);
  });
});
