#pragma once
// Chapter 05's GPU benchmark: each variant's time, and the time a two-resource model predicts.

#include "bank_conflicts.hpp"

#include <cstdint>
#include <vector>

namespace bank_conflicts {

/// One line of the GPU benchmark, and the time a two-resource model predicts for it: the
/// launch's shared-memory wavefronts (the emulator's count) at the measured wavefront rate, or
/// its bytes to and from device memory at the measured copy bandwidth, whichever takes longer.
struct Timed {
  Variant variant;
  double median_ms = 0;        ///< Median time of the timed launch.
  double shared_bound_ms = 0;  ///< Its wavefronts at the measured wavefront rate.
  double memory_bound_ms = 0;  ///< Its device-memory bytes at the measured copy bandwidth.
  double gbs = 0;              ///< Device-memory bytes read + written / time.
  bool verified = false;       ///< The timed result equals the CPU reference.
  /// The model's time: the longer of the two bounds.
  [[nodiscard]] double predicted_ms() const;
  /// "shared" or "memory": the bound that binds, within 15%. "both": the time lies between the
  /// longer bound and the sum of the two (the resources took turns more than they overlapped).
  /// "neither": over 15% above the sum (latency: barriers, or too little work in flight).
  [[nodiscard]] const char* limit() const;
};

/// The ceilings the model uses, measured in the same run.
struct Ceilings {
  double wavefronts_per_ms = 0;  ///< Stride-1 loads: conflict-free wavefronts per ms, all SMs.
  double copy_gbs = 0;           ///< Device-to-device cudaMemcpy of an n x n float matrix.
};

struct Benchmark {
  Ceilings ceilings;
  std::vector<Timed> rows;
};

/// Times every variant on the GPU (strides at 16,384 loads per thread on a full grid, the
/// reductions on 2^24 values, the transposes on n x n) and predicts each one's time.
[[nodiscard]] Benchmark benchmark_on_device(const std::vector<int>& strides, int n,
                                            std::uint64_t seed);

}  // namespace bank_conflicts
