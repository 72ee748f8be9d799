// The engine's own exp, pow and cbrt (log is DeterministicLog in random.h): plain
// IEEE-754 arithmetic in a fixed order (no libm, no fused multiply-add), so a program
// of the `custom` congestion control computes the same bits natively and in WASM,
// where glibc's and musl's functions may differ in the last bit. Each is within 1 ulp
// of the correctly rounded value (precise_math_test.cc checks them against glibc).
// The older DeterministicExp / DeterministicPow (throughput_models.h) and
// DeterministicCbrt (cubic.h) stay as they are: results computed with them must not move.
#pragma once

namespace plab {

// e^x: fdlibm's method (argument reduction by ln 2, a rational approximation).
double PreciseExp(double x);
// x^y = e^(y log x) with log x in double-double precision (a 64-entry table of
// log(1 + j/64)), so that a large y * log x keeps the result's last bit; a negative x
// needs an integer y (else NaN), pow(x, 0) = 1.
double PrecisePow(double x, double y);
// The real cube root (negative for a negative x): Newton's method and one corrected step.
double PreciseCbrt(double x);

}  // namespace plab
