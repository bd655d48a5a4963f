#pragma once
// Host access to a kernel file's __device__ and __constant__ variables (symbols_kernels.cuh) on
// the GPU or on the CPU emulator; symbols_test.cpp checks the results against CPU loops.

#include "common/backend.hpp"

#include <array>
#include <span>
#include <string>
#include <vector>

namespace symbols {

using tutorial::Backend;

/// What the host writes into the variables before the filter runs.
struct FilterSetup {
  std::array<float, 8> coefficients{};
  std::array<int, 4> offsets{};
  float scale = 1.0f;
};

/// What the host reads back after the filter ran.
struct FilterResult {
  std::vector<float> out;               ///< the filter's output
  unsigned visits = 0;                  ///< read from `visits`
  std::array<float, 8> coefficients{};  ///< read back from `coefficients`
  std::vector<float> through_address;   ///< `coefficients`, read by a kernel through its address
  std::size_t coefficients_bytes = 0;   ///< the size the runtime gives `coefficients`
};

[[nodiscard]] FilterResult run_filter(Backend backend, const FilterSetup& setup,
                                      std::span<const float> in);

/// Writes `values` into `coefficients`, then tries to copy `bytes` more at byte `offset`: what
/// the backend said to that copy (empty when it took it), and the coefficients afterwards.
struct CopyOutcome {
  std::string refusal;
  std::array<float, 8> coefficients{};
};
[[nodiscard]] CopyOutcome copy_into_coefficients(Backend backend,
                                                 const std::array<float, 8>& values,
                                                 std::size_t bytes, std::size_t offset);

}  // namespace symbols
