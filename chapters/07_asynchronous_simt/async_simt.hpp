#pragma once
// Chapter 07's kernel library: the asynchronous SIMT kernels and the CPU references their
// results are held to. The same sources are built twice: for the GPU (nvcc) and for the CPU
// emulator (simt); a program links one of the two.

#include "tile_shape.hpp"

#include <span>
#include <string>
#include <vector>

namespace async_simt {

inline constexpr unsigned threads_per_block = kThreads;
inline constexpr std::size_t tile_floats = kTile;

/// How a kernel brings each tile into shared memory.
enum class Copy {
  plain,        ///< loads and stores by each thread, then __syncthreads()
  group,        ///< cooperative_groups::memcpy_async, then cooperative_groups::wait
  barrier,      ///< cuda::memcpy_async bound to a cuda::barrier
  pipelined_1,  ///< a cuda::pipeline of 1 stage (the single-stage version)
  pipelined_2,  ///< a cuda::pipeline of 2 stages
  pipelined_4,  ///< a cuda::pipeline of 4 stages
};
inline constexpr Copy all_copies[] = {Copy::plain,       Copy::group,       Copy::barrier,
                                      Copy::pipelined_1, Copy::pipelined_2, Copy::pipelined_4};

/// The kernel of a copy method, to launch through the pointer.
using CopyKernel = void (*)(const float* in, float* out, int tiles);
[[nodiscard]] CopyKernel copy_kernel(Copy copy);

/// "cuda::memcpy_async + cuda::barrier", ...
[[nodiscard]] std::string describe(Copy copy);
/// The kernel, as profilers name it ("NeighbourSumsPipelined<4>").
[[nodiscard]] std::string kernel_name(Copy copy);

/// PublishThenReadNeighbour: one block per 256 values of `in`.
[[nodiscard]] std::vector<int> publish_then_read(std::span<const int> in);
/// Its CPU reference: in[neighbour in the block] + in[i]^2.
[[nodiscard]] std::vector<int> reference_publish_then_read(std::span<const int> in);

/// One of the NeighbourSums kernels over `in` (whole tiles of 2048) with `blocks` blocks.
[[nodiscard]] std::vector<float> neighbour_sums(Copy copy, std::span<const float> in,
                                                unsigned blocks);
/// Its CPU reference: each element plus its right-hand neighbour within its tile.
[[nodiscard]] std::vector<float> reference_neighbour_sums(std::span<const float> in);

/// CountWithScopes: per-block counts, then the device-wide total.
struct ScopeCounts {
  std::vector<unsigned> per_block;
  unsigned total = 0;
};
[[nodiscard]] ScopeCounts count_with_scopes(unsigned blocks, unsigned threads);

}  // namespace async_simt
