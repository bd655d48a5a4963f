#pragma once
/// @file
/// @brief Comparing a result with its CPU reference, and saying so in one line.

#include <cstddef>
#include <optional>
#include <span>
#include <string>

namespace tutorial {

/// @brief The first element where a result differs from its reference.
struct Mismatch {
  std::size_t index = 0;  ///< Position of the element.
  double expected = 0;    ///< The reference's value.
  double actual = 0;      ///< The result's value.
};

/// @brief The first element of `actual` that differs from `expected` by more than
/// `tolerance` (0: exact), or nothing when all match. Sizes must be equal.
[[nodiscard]] std::optional<Mismatch> first_mismatch(std::span<const float> actual,
                                                     std::span<const float> expected,
                                                     double tolerance = 0.0);

/// @brief The first element of `actual` that differs from `expected` (integers, compared
/// exactly), or nothing when all match.
[[nodiscard]] std::optional<Mismatch> first_mismatch(std::span<const unsigned> actual,
                                                     std::span<const unsigned> expected);

/// @brief "<what>: match (N elements equal the CPU reference)" or
/// "<what>: MISMATCH at element i: expected x, got y".
[[nodiscard]] std::string verdict(const std::string& what, std::size_t elements,
                                  const std::optional<Mismatch>& mismatch);

}  // namespace tutorial
