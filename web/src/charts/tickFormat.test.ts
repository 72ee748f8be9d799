import { describe, expect, it } from 'vitest';
import { plainTick } from './tickFormat';

describe('plain tick labels', () => {
  it('prints powers of ten in full, never in e-notation', () => {
    expect(plainTick(10)).toBe('10');
    expect(plainTick(100)).toBe('100');
    expect(plainTick(0.001)).toBe('0.001');
    expect(plainTick(1e6)).toBe('1,000,000');
    expect(plainTick(1e-6)).toBe('0.000001');
    for (let k = -6; k <= 9; k++) expect(plainTick(10 ** k)).not.toMatch(/e/i);
  });

  it('keeps sensible precision and signs', () => {
    expect(plainTick(0)).toBe('0');
    expect(plainTick(0.1 + 0.2)).toBe('0.3');
    expect(plainTick(2.5)).toBe('2.5');
    expect(plainTick(-1500)).toBe('-1,500');
    expect(plainTick(12345.5)).toBe('12,345.5');
    expect(plainTick(0.05)).toBe('0.05');
  });
});
