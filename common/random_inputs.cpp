#include "random_inputs.hpp"

namespace tutorial {

namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

}  // namespace

std::vector<float> random_floats(std::uint64_t count, std::uint64_t seed, float low, float high) {
  std::vector<float> values(count);
  const std::uint64_t stream = splitmix64(seed);
  for (std::uint64_t i = 0; i < count; ++i) {
    // 24 random bits give every float in [0, 1) with spacing 2^-24.
    const auto bits = static_cast<float>(splitmix64(stream + i) >> 40);
    values[i] = low + (high - low) * (bits * 0x1.0p-24f);
  }
  return values;
}

}  // namespace tutorial
