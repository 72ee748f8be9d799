// Seeded random numbers with hand-written distributions. Never std::*_distribution:
// libstdc++ (native) and libc++ (Emscripten) give different streams, and a seed must
// give the same run natively and in WASM. Likewise the logarithm is our own (fdlibm),
// because glibc's and musl's log() may differ in the last bit.
#pragma once

#include <cstdint>

namespace plab {

// xoshiro256** (Blackman & Vigna), state filled from the seed by splitmix64.
class Random {
 public:
  explicit Random(uint64_t seed);

  uint64_t NextU64();
  // Uniform in [0, 1), from the top 53 bits.
  double Uniform01() { return static_cast<double>(NextU64() >> 11) * 0x1.0p-53; }
  bool Bernoulli(double p) { return p > 0 && Uniform01() < p; }
  // Exponential with the given mean, by inverse CDF.
  double Exponential(double mean);

  // An independent stream for a sub-component. It draws from this generator, so the
  // order of forks matters: only the single-flow engine's two channels use it (their
  // streams are kept as they were); everything else takes Stream().
  Random Fork(uint64_t stream_id);
  // The stream of consumer `stream_id` under `seed`, from those two numbers alone: a
  // consumer added or removed shifts no other stream.
  static Random Stream(uint64_t seed, uint64_t stream_id);

 private:
  uint64_t s_[4];
};

// ln(x) for x > 0: a port of fdlibm's __ieee754_log, pure IEEE-754 arithmetic.
double DeterministicLog(double x);

}  // namespace plab
