#pragma once
/// @file
/// @brief Reproducible random inputs (never zeros: they hide unwritten outputs), the same on
/// every standard library (std's distributions are not: libstdc++ and libc++ draw different
/// values from one seed, and the samples built as WebAssembly use libc++).

#include <cstdint>
#include <vector>

namespace tutorial {

/// @brief A counter-based generator (SplitMix64): draw `i` depends only on the seed and `i`.
class RandomStream {
 public:
  explicit RandomStream(std::uint64_t seed);
  /// @brief 64 random bits.
  [[nodiscard]] std::uint64_t bits(std::uint64_t i) const;
  /// @brief A whole number in [low, high], which may span at most 2^32 values.
  [[nodiscard]] std::int64_t integer(std::uint64_t i, std::int64_t low, std::int64_t high) const;
  /// @brief A number in [0, 1), with spacing 2^-53.
  [[nodiscard]] double unit(std::uint64_t i) const;

 private:
  std::uint64_t stream_;
};

/// @brief `count` floats drawn uniformly from [low, high), reproducible from `seed`
/// (element i is draw i of RandomStream(seed)).
[[nodiscard]] std::vector<float> random_floats(std::uint64_t count, std::uint64_t seed,
                                               float low = -1.0f, float high = 1.0f);

/// @brief `count` whole numbers drawn uniformly from [low, high], as T (element i is draw i of
/// RandomStream(seed)). Small ones in float keep every sum exact, whatever the order of additions.
template <class T>
[[nodiscard]] std::vector<T> random_integers(std::uint64_t count, std::uint64_t seed,
                                             std::int64_t low, std::int64_t high) {
  const RandomStream random(seed);
  std::vector<T> values(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < values.size(); ++i)
    values[i] = static_cast<T>(random.integer(i, low, high));
  return values;
}

}  // namespace tutorial
