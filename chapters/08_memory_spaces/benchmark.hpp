#pragma once
// Chapter 08's GPU benchmark: each memory space's kernels timed on the GPU against the ceiling
// their access pattern allows, measured or derived in the same run.

#include "memory_spaces.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace memory_spaces {

/// @brief One timed kernel (or, for Unified Memory, one way of running it).
struct TimedRow {
  std::string part;    ///< "local", "constant", "texture", "unified".
  std::string kernel;  ///< The kernel and its variant.
  double median_ms = 0;
  double rate = 0;     ///< In `unit`.
  std::string unit;    ///< "GB/s", "Gwords/s", ...
  double ceiling = 0;  ///< The same unit: what the access pattern allows.
  std::string ceiling_name;
  bool verified = false;  ///< The output equals the CPU reference (within the texture's tolerance).
  [[nodiscard]] double of_ceiling() const { return rate / ceiling; }
};

/// @brief The ceilings, measured (copies) or derived from the device's figures (per-SM rates).
struct Ceilings {
  double copy_gbs = 0;              ///< cudaMemcpy device to device, read + write counted.
  double host_to_device_gbs = 0;    ///< cudaMemcpy from pinned host memory to the GPU.
  double constant_words_per_s = 0;  ///< One constant word per SM per 2 clocks (peak clock).
};

struct MemorySpacesBenchmark {
  Ceilings ceilings;
  std::vector<TimedRow> rows;
};

/// @brief Times every kernel: `elements` values for the local, constant and Unified Memory
/// parts, an `image` x `image` texture for the streaming texture case.
[[nodiscard]] MemorySpacesBenchmark benchmark_on_device(std::size_t elements, int image,
                                                        std::uint64_t seed);

}  // namespace memory_spaces
