#pragma once
// Kernel files in the style of the public sample collections (transpose, convolution with a
// __constant__ filter, template reduction, single-pass sum, half-precision axpy, block
// matching, 8x8 block transforms with file-scope shared buffers), built unchanged for the GPU and
// the emulator, from two launch sources (real_world.cu, reduction.cu).

#include "common/backend.hpp"

#include <span>
#include <vector>

namespace real_world {

using tutorial::Backend;

/// The transpose of a height x width matrix (both multiples of 32).
[[nodiscard]] std::vector<float> transpose(Backend backend, std::span<const float> in, int width,
                                           int height);
/// The rows of an image convolved with a 17-tap filter (imageW a multiple of 128, imageH of 4).
[[nodiscard]] std::vector<float> convolve_rows(Backend backend, std::span<const float> image,
                                               std::span<const float> filter, int width,
                                               int height);
/// The sum of v * v over each 32 consecutive values.
[[nodiscard]] std::vector<float> warp_energies(Backend backend, std::span<const float> in);
/// For each window of `window` consecutive words, the sum of the absolute differences of the
/// bytes of `left` and `right` (inline PTX's vabsdiff4); left.size() == right.size() >= window.
[[nodiscard]] std::vector<unsigned> window_sads(Backend backend, std::span<const unsigned> left,
                                                std::span<const unsigned> right, int window);
/// What the two 8x8 block kernels give for one image.
struct BlockTransforms {
  std::vector<float> transposed;  ///< Each 8x8 block transposed in place, times the scale.
  std::vector<float> sums;        ///< The sum of each 8x8 block, row by row of blocks.
};
/// Both 8x8 block kernels on a width x height image (both multiples of 8).
[[nodiscard]] BlockTransforms block_transforms(Backend backend, std::span<const float> image,
                                               int width, int height, float scale);
/// Per-block sums of a grid-stride reduction: float with 256 threads (real_world.cu), int with
/// 128 (reduction.cu).
[[nodiscard]] std::vector<float> block_sums(Backend backend, std::span<const float> in,
                                            unsigned blocks);
[[nodiscard]] std::vector<int> block_sums(Backend backend, std::span<const int> in,
                                          unsigned blocks);
/// The sum of `in`, in one pass, `runs` times (the retirement counter resets itself).
[[nodiscard]] std::vector<float> single_pass_sums(Backend backend, std::span<const float> in,
                                                  unsigned blocks, int runs);
/// a * x + y on halves (given as their bits), in pairs.
[[nodiscard]] std::vector<unsigned short> haxpy(Backend backend, float a,
                                                std::span<const unsigned short> x,
                                                std::span<const unsigned short> y);

}  // namespace real_world
