#pragma once
// Launches of the idiom kernels (tests/simt/idioms/*_kernels.cuh) on the GPU or on the CPU
// emulator: the same kernel source, the same launch shapes, results copied back to the host. The
// tests in idioms_test.cpp check each against a plain CPU loop.

#include "common/backend.hpp"

#include <span>
#include <vector>

namespace idioms {

using tutorial::Backend;

/// The reduction kernels of reduction_kernels.cuh.
enum class Reduction {
  interleaved,               ///< reduceInterleaved<float>, 256 threads
  first_add_during_load,     ///< reduceFirstAddDuringLoad<float>, 256 threads
  unrolled_128,              ///< reduceUnrolled<128>
  unrolled_256,              ///< reduceUnrolled<256>
  unrolled_512,              ///< reduceUnrolled<512>
  multiple_per_thread_pow2,  ///< reduceMultiplePerThread<256, true>, 8 blocks
  multiple_per_thread,       ///< reduceMultiplePerThread<256, false>, 8 blocks
  single_pass,               ///< reduceSinglePass<256>: the last block adds the partial sums
};

/// The sum of `in` by one of the reductions (block sums added on the host, but for single_pass).
[[nodiscard]] float reduce(Backend backend, Reduction kernel, std::span<const float> in);
/// The sum of `in` by reduceInterleaved<int>.
[[nodiscard]] int reduce_ints(Backend backend, std::span<const int> in);

/// C = A * B (row-major, hA x wA times wA x wB, each a multiple of `tile`, 16 or 32).
[[nodiscard]] std::vector<float> multiply(Backend backend, int tile, int hA, int wA, int wB,
                                          std::span<const float> A, std::span<const float> B);
/// The transpose of a rows x cols matrix (any shape).
[[nodiscard]] std::vector<float> transpose(Backend backend, int rows, int cols,
                                           std::span<const float> in);
/// y = A x for a rows x cols matrix, 128 threads per block.
[[nodiscard]] std::vector<float> multiply_vector(Backend backend, int rows, int cols,
                                                 std::span<const float> A,
                                                 std::span<const float> x);

/// The exclusive scan of at most 1024 values by one block (ScanNaive).
[[nodiscard]] std::vector<float> scan_one_block(Backend backend, std::span<const float> in);
/// ScanWorkEfficient: each block's exclusive scan of its 2 * threads values, and its total.
struct BlockScans {
  std::vector<int> scans;   ///< Exclusive scan, block by block.
  std::vector<int> totals;  ///< One per block.
};
[[nodiscard]] BlockScans scan_blocks(Backend backend, unsigned threads, std::span<const int> in);

/// Each block's 2 * threads keys sorted (BitonicSortShared).
[[nodiscard]] std::vector<unsigned> sort_blocks(Backend backend, unsigned threads,
                                                std::span<const unsigned> keys);

/// The 256-bin histogram of the bytes of `words` (a multiple of 4 words) with shared atomics.
[[nodiscard]] std::vector<unsigned> byte_histogram(Backend backend,
                                                   std::span<const unsigned> words);
/// The 64-bin histogram of the top 6 bits of each byte, per-thread byte counters, `blocks`
/// blocks of 64 threads (at most 63 words per thread).
[[nodiscard]] std::vector<unsigned> top_bits_histogram(Backend backend, unsigned blocks,
                                                       std::span<const unsigned> words);

/// out[i] = in[i - 3] + ... + in[i + 3] (zero outside), Stencil1D.
[[nodiscard]] std::vector<float> stencil(Backend backend, std::span<const float> in);

/// Per block of `threads` (a power of two): the sum of the squares of its values.
[[nodiscard]] std::vector<int> sums_of_squares(Backend backend, unsigned threads,
                                               std::span<const int> in);
/// Per block of `threads` (a power of two): the sum of its values, by a thread_group function.
[[nodiscard]] std::vector<int> group_sums(Backend backend, unsigned threads,
                                          std::span<const int> in);

/// KeepAboveThreshold: per block, the (index, value) pairs kept and the vote's count.
struct Kept {
  std::vector<std::vector<std::pair<int, int>>> pairs;  ///< Per block, as the kernel wrote them.
  std::vector<int> counts;                              ///< Per block, from __syncthreads_count.
};
[[nodiscard]] Kept keep_above(Backend backend, unsigned threads, std::span<const int> in,
                              int threshold);

/// The largest value, by atomicCAS on float bits in shared and then global memory.
[[nodiscard]] float maximum(Backend backend, std::span<const float> in);

/// The sum of `in` by warp-shuffle block sums and one atomicAdd per block (8 blocks of 256).
[[nodiscard]] int shuffle_sum(Backend backend, std::span<const int> in);
/// Each block's inclusive scan of its `threads` values (a multiple of 32, at most 1024).
[[nodiscard]] std::vector<int> block_inclusive_scans(Backend backend, unsigned threads,
                                                     std::span<const int> in);
/// The positive values of `in`, compacted by ballot (in the order the warps reserved room).
[[nodiscard]] std::vector<int> compact_positive(Backend backend, std::span<const int> in);
/// The sum of every tile of `tile` (8, 16 or 32) values, by cg::reduce.
[[nodiscard]] std::vector<int> tile_sums(Backend backend, int tile, std::span<const int> in);
/// The positive values of `in`, each given its slot by the warp-aggregated counter.
[[nodiscard]] std::vector<int> filter_with_aggregated_counter(Backend backend,
                                                              std::span<const int> in);

}  // namespace idioms
