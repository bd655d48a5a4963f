#include "verification.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace tutorial {

std::optional<Mismatch> first_mismatch(std::span<const float> actual,
                                       std::span<const float> expected, double tolerance) {
  if (actual.size() != expected.size())
    throw std::invalid_argument("first_mismatch: result and reference differ in size");
  for (std::size_t i = 0; i < actual.size(); ++i) {
    const double a = actual[i];
    const double e = expected[i];
    // NaN never matches; `!(|a - e| <= tol)` is true for NaN.
    if (!(std::fabs(a - e) <= tolerance)) return Mismatch{i, e, a};
  }
  return std::nullopt;
}

std::optional<Mismatch> first_mismatch(std::span<const unsigned> actual,
                                       std::span<const unsigned> expected) {
  if (actual.size() != expected.size())
    throw std::invalid_argument("first_mismatch: result and reference differ in size");
  for (std::size_t i = 0; i < actual.size(); ++i)
    if (actual[i] != expected[i]) return Mismatch{i, double(expected[i]), double(actual[i])};
  return std::nullopt;
}

std::string verdict(const std::string& what, std::size_t elements,
                    const std::optional<Mismatch>& mismatch) {
  char line[256];
  if (!mismatch)
    std::snprintf(line, sizeof line, "%s: match (%zu elements equal the CPU reference)",
                  what.c_str(), elements);
  else
    std::snprintf(line, sizeof line, "%s: MISMATCH at element %zu: expected %.9g, got %.9g",
                  what.c_str(), mismatch->index, mismatch->expected, mismatch->actual);
  return line;
}

}  // namespace tutorial
