#pragma once
// Launches of the asynchronous-SIMT kernels (async_kernels.cuh) on the GPU or on the CPU
// emulator; async_copies_test.cpp checks the results against CPU loops.

#include "common/backend.hpp"

#include <span>
#include <vector>

namespace async_copies {

using tutorial::Backend;

/// The kernels that turn `in` (a multiple of 256 elements, one block per 256) into one output;
/// chunk_sums_double_buffered reads `rounds` chunks of 256 per block, and writes 256 per block.
enum class IntKernel {
  neighbour_after_split_arrive,
  rotate_through_phases,
  fold_with_drops,
  two_arrivals_per_thread,
  running_total_by_completion,
  chunk_sums_double_buffered
};
/// `slices_by_warp_waits` takes 2 * 256 values per block; the others 256.
enum class FloatKernel {
  tile_with_barrier,
  elements_with_barrier,
  tile_by_group,
  tile_by_warps,
  slices_by_warp_waits
};

[[nodiscard]] std::vector<int> run(Backend backend, IntKernel kernel, std::span<const int> in,
                                   int rounds = 0);
[[nodiscard]] std::vector<float> run(Backend backend, FloatKernel kernel,
                                     std::span<const float> in);

/// The pipelines: `in` holds `batches` batches of blocks * 256 values; one sum per thread.
/// `two_thread_scope`: two thread-scope pipelines of each thread, their copies interleaved;
/// `two_block_scope`: two block-scope pipelines in turn, each thread copying its own element;
/// `remade_block_scope`: a block-scope pipeline made again for each batch on one shared state.
/// `producer_count` and `producer_roles`: a partitioned pipeline, one sum per consumer thread
/// (224 per block).
enum class PipelineKernel {
  thread_scope,
  two_thread_scope,
  block_scope,
  two_block_scope,
  remade_block_scope,
  producer_count,
  producer_roles
};
[[nodiscard]] std::vector<float> run(Backend backend, PipelineKernel kernel,
                                     std::span<const float> in, unsigned blocks, int batches);

}  // namespace async_copies
