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

RandomStream::RandomStream(std::uint64_t seed) : stream_(splitmix64(seed)) {}

std::uint64_t RandomStream::bits(std::uint64_t i) const { return splitmix64(stream_ + i); }

std::int64_t RandomStream::integer(std::uint64_t i, std::int64_t low, std::int64_t high) const {
  // The top 32 bits scaled to the span: within 2^-32 of uniform for spans up to 2^32.
  const auto span = static_cast<std::uint64_t>(high - low) + 1;
  return low + static_cast<std::int64_t>(((bits(i) >> 32) * span) >> 32);
}

double RandomStream::unit(std::uint64_t i) const {
  return static_cast<double>(bits(i) >> 11) * 0x1.0p-53;
}

std::vector<float> random_floats(std::uint64_t count, std::uint64_t seed, float low, float high) {
  std::vector<float> values(static_cast<std::size_t>(count));
  const RandomStream random(seed);
  for (std::size_t i = 0; i < values.size(); ++i) {
    // 24 random bits give every float in [0, 1) with spacing 2^-24.
    const auto bits = static_cast<float>(random.bits(i) >> 40);
    values[i] = low + (high - low) * (bits * 0x1.0p-24f);
  }
  return values;
}

}  // namespace tutorial
