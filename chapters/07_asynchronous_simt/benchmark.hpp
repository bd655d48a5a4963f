#pragma once
// Chapter 07's GPU benchmark: every copy method, at one block per SM (where only the pipeline
// keeps copies in flight while the block computes) and at full occupancy, against a
// device-to-device copy measured in the same run.

#include "async_simt.hpp"

#include <cstdint>
#include <vector>

namespace async_simt {

struct TimedCopy {
  Copy copy;
  unsigned blocks_per_sm = 0;
  double median_ms = 0;
  double gbs = 0;         ///< Bytes read + written / time.
  double of_copy = 0;     ///< gbs / the device-to-device copy's GB/s.
  bool verified = false;  ///< The output equals the CPU reference.
};

struct CopyBenchmark {
  double copy_gbs = 0;  ///< cudaMemcpy device to device, same bytes.
  std::vector<TimedCopy> rows;
};

/// Times every copy method over `tiles` tiles of 2048 floats.
[[nodiscard]] CopyBenchmark benchmark_on_device(int tiles, std::uint64_t seed);

}  // namespace async_simt
