#pragma once
// Chapter 02's kernel library: matrix addition and the thread-ID rule. The same sources are
// built twice: for the GPU (nvcc) and for the CPU emulator (simt); a program links one of the two.

#include "common/bandwidth_report.hpp"
#include "common/timing.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace matrix_add {

/// Which matrix-addition kernel of matrix_add_kernels.cuh to launch.
enum class Variant {
  one_block,   ///< MatAddOneBlock<<<1, dim3(N, N)>>>: N * N <= 1024.
  coalesced,   ///< MatAdd: 16 x 16 blocks, x along rows (coalesced).
  vectorized,  ///< MatAddFloat4: as coalesced, four columns per thread with float4.
  transposed,  ///< MatAddTransposedIndex: 16 x 16 blocks, x down columns (uncoalesced).
};

/// Block edge of the multi-block kernels (16 x 16 = 256 threads).
inline constexpr unsigned tile = 16;
/// Largest N of the one-block kernel: N * N <= 1024 threads per block.
inline constexpr int max_one_block_n = 32;
/// Largest rows or cols: the grid's y extent is at most 65535 blocks of 16.
inline constexpr long long max_extent = 65535LL * tile;

/// The kernel's name and launch shape: "MatAdd<<<(94, 63), (16, 16)>>>".
[[nodiscard]] std::string describe_launch(Variant variant, long long rows, long long cols);

/// c = a + b for rows x cols row-major matrices (one_block: rows == cols <= 32): copies a and b
/// to device memory, launches, copies c back.
void add(Variant variant, std::span<const float> a, std::span<const float> b, std::span<float> c,
         int rows, int cols);

/// A block's shape, as the dim3 of a launch gives it (this header is also host-only code's).
struct BlockShape {
  unsigned x = 1;  ///< threads along x
  unsigned y = 1;  ///< threads along y
  unsigned z = 1;  ///< threads along z
};

/// Runs RecordThreadIds in one block of shape `block`; returns, for each thread ID k, the
/// (x, y, z) of the thread that computed ID k (three entries per ID).
[[nodiscard]] std::vector<unsigned> thread_coordinates_by_id(BlockShape block);

/// Times the device-to-device copy (the ceiling) and the 16 x 16 kernels on rows x cols
/// matrices, each timed result checked against reference_add.
[[nodiscard]] std::vector<tutorial::BandwidthRow> benchmark(int rows, int cols, std::uint64_t seed,
                                                            tutorial::TimingPolicy policy);

/// The chapter's CPU reference, which every result is held to: a plain loop, obviously
/// correct and independent of the kernels.
[[nodiscard]] std::vector<float> reference_add(std::span<const float> a, std::span<const float> b);

}  // namespace matrix_add
