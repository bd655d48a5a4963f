#pragma once
// Chapter 05's kernel library: shared-memory access patterns, run on the GPU or on the CPU
// emulator (whose counters predict requests and wavefronts), and timed on the GPU.

#include "common/backend.hpp"

#include <simt/launch.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace bank_conflicts {

/// One access pattern of the chapter.
struct Variant {
  enum class Kind {
    reduce_interleaved,
    reduce_sequential,
    reduce_shuffle,
    strided,
    broadcast,
    doubles,
    transpose,
    transpose64,
    copy
  };
  Kind kind;
  int parameter = 0;  ///< The stride (strided) or the row pitch (transpose).
  /// "stride 4", "transpose pitch 33", ...
  [[nodiscard]] std::string name() const;
  /// The kernel's name, as Nsight Compute lists it.
  [[nodiscard]] std::string kernel() const;
};

/// The chapter's variants: the three reductions, the strides (1, 2, 4, 8, 16, 32, 33 by default),
/// broadcast, double, the transpose with pitches 32 and 33, the 64 x 64 padded transpose, and
/// the tiled copy.
[[nodiscard]] std::vector<Variant> variants(const std::vector<int>& strides);

/// The small launch each variant is counted with (on the emulator and under Nsight Compute):
/// its result checked against the CPU, and on the emulator its shared-memory counters.
struct CountedRun {
  bool verified = false;                ///< The result equals the CPU reference.
  simt::SharedMemoryCounters counters;  ///< Emulator only (zero on the GPU).
};
[[nodiscard]] CountedRun run_counting_launch(tutorial::Backend backend, const Variant& variant,
                                             std::uint64_t seed);

/// One line of the GPU benchmark.
struct Timed {
  std::string name;            ///< The variant.
  double median_ms = 0;        ///< Median time of the timed launch.
  double predicted_ratio = 1;  ///< Emulator's wavefronts per request relative to the baseline.
  double measured_ratio = 1;   ///< Time relative to the baseline.
  double gbs = 0;              ///< For the transposes and the copy: bytes read + written / time.
  bool verified = false;       ///< The timed result equals the CPU reference.
};
/// Times every variant on the GPU (strides at `repeats` loads per thread on a full grid, the
/// reductions on 2^24 values, the transposes on n x n), each against its conflict-free
/// baseline, with the emulator's prediction alongside.
[[nodiscard]] std::vector<Timed> benchmark_on_device(const std::vector<int>& strides, int n,
                                                     std::uint64_t seed);

}  // namespace bank_conflicts
