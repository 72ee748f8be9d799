// A small deterministic generator for tests that draw their scenarios (splitmix64), so
// the drawn scenarios are the same on every machine and in every build.
#pragma once

#include <cstdint>
#include <vector>

namespace plab::testing {

struct Draw {
  uint64_t state;
  uint64_t Next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  template <typename T>
  const T& Pick(const std::vector<T>& from) {
    return from[Next() % from.size()];
  }
};

}  // namespace plab::testing
