#pragma once
/// @file
/// @brief Reproducible random inputs (never zeros: they hide unwritten outputs).

#include <cstdint>
#include <vector>

namespace tutorial {

/// @brief `count` floats drawn uniformly from [low, high), reproducible from `seed`
/// (element i depends only on seed and i: a counter-based SplitMix64 generator).
[[nodiscard]] std::vector<float> random_floats(std::uint64_t count, std::uint64_t seed,
                                               float low = -1.0f, float high = 1.0f);

}  // namespace tutorial
