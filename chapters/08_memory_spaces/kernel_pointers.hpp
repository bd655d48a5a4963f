#pragma once
// The chapter's kernels as function pointers, and what their launches need, for the benchmark
// (benchmark.cu), which launches them on buffers of its own: the kernels are defined once, in
// memory_spaces.cu. For CUDA sources only (it names CUDA's texture types).

#include "memory_spaces.hpp"

#include <cuda_runtime.h>

#include <cstddef>
#include <span>

namespace memory_spaces {

using PairsKernel = void (*)(const unsigned*, unsigned*, int);
using FilterKernel = void (*)(const float*, float*, int);
using ResampleKernel = void (*)(cudaTextureObject_t, float*, int, int, float, float);
using ScaleKernel = void (*)(float*, int, float, float);

[[nodiscard]] PairsKernel pairs_kernel(Histogram where);
[[nodiscard]] FilterKernel filter_kernel(TapAccess access);
[[nodiscard]] ResampleKernel resample_kernel();
[[nodiscard]] ScaleKernel scale_kernel();

/// @brief Copies the filter's kTaps coefficients into constant memory (cudaMemcpyToSymbol).
void set_taps(std::span<const float> coefficients);

/// @brief Moves `bytes` of managed memory to the current device ahead of a kernel
/// (cudaMemPrefetchAsync in stream 0), so that its first touches do not fault.
void prefetch_to_device(const void* managed, std::size_t bytes);

/// @brief The texture description of `sampling` (border colour 0).
[[nodiscard]] cudaTextureDesc texture_description(Sampling sampling);

/// @brief u = (x + 0.5) * scale + offset, for x from 0 to `output`, spans -0.25 to 1.25 of an
/// image of `size` texels, in normalised coordinates or in texels.
struct Mapping {
  float scale, offset;
};
[[nodiscard]] Mapping coordinate_mapping(int size, int output, bool normalized);

/// @brief Blocks of threads_per_block threads for `threads` threads.
[[nodiscard]] unsigned blocks_for(std::size_t threads);

}  // namespace memory_spaces
