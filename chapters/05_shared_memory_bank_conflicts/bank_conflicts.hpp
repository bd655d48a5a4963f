#pragma once
// Chapter 05's kernel library: shared-memory access patterns, run on the current device (the GPU,
// or in the sample's CPU build the emulator, whose counters predict requests and wavefronts),
// and timed on the GPU.

#include "common/emulated_counters.hpp"

#include <cstdint>
#include <optional>
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
  bool verified = false;                             ///< The result equals the CPU reference.
  std::optional<tutorial::SharedAccesses> counters;  ///< The CPU build's (none on the GPU).
};
[[nodiscard]] CountedRun run_counting_launch(const Variant& variant, std::uint64_t seed);

}  // namespace bank_conflicts
