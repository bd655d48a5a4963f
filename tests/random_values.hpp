#pragma once
// Fresh random inputs for the tests: small integers in [low, high], so that sums of them are
// exact in float whatever order a kernel adds them in.

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

template <class T>
std::vector<T> random_values(std::size_t n, int low, int high, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int> value(low, high);
  std::vector<T> v(n);
  for (T& x : v) x = static_cast<T>(value(random));
  return v;
}
