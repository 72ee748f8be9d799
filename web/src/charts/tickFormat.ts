// Axis tick labels as plain numbers: "10", "0.001", "1,000,000" — never "1e+1", which
// d3's "~g" prints for round powers of ten and which a class reads as a typo.

/** A tick value printed in full with thousands separators, to six significant digits
 * at most (so floating-point noise such as 0.30000000000000004 does not show). */
export function plainTick(v: number): string {
  if (!Number.isFinite(v)) return '';
  if (v === 0) return '0';
  const r = Number(v.toPrecision(6));
  const mag = Math.floor(Math.log10(Math.abs(r)));
  const decimals = Math.max(0, Math.min(20, 5 - mag));
  const fixed = r
    .toFixed(decimals)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  const [int, frac] = fixed.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return sign + grouped + (frac ? '.' + frac : '');
}
