// Launches of the sample-style kernel files on the GPU or on the CPU emulator. This source and
// reduction.cu both include block_reduction_kernels.cuh.

#include "real_world.hpp"

#include "block_matching_kernels.cuh"
#include "block_reduction_kernels.cuh"
#include "block_transform_kernels.cuh"
#include "convolution_kernels.cuh"
#include "retirement_kernels.cuh"
#include "transpose_kernels.cuh"

#include "simt/backend_launch.hpp"

namespace real_world {

using tutorial::BackendArray;
using tutorial::copy_to_symbol;
using tutorial::launch_on;

std::vector<float> transpose(Backend backend, std::span<const float> in, int width, int height) {
  BackendArray<float> input(backend, in), out(backend, in.size(), -1.0f);
  const dim3 grid(static_cast<unsigned>(width / TILE_DIM),
                  static_cast<unsigned>(height / TILE_DIM));
  launch_on(backend, {grid, dim3(TILE_DIM, BLOCK_ROWS)}, transposeNoBankConflicts, out.data(),
            input.data(), width, height);
  return out.read();
}

std::vector<float> convolve_rows(Backend backend, std::span<const float> image,
                                 std::span<const float> filter, int width, int height) {
  copy_to_symbol(backend, c_Kernel, filter.data(), KERNEL_LENGTH * sizeof(float));
  BackendArray<float> input(backend, image), out(backend, image.size(), -1.0f);
  const dim3 grid(static_cast<unsigned>(width / (ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X)),
                  static_cast<unsigned>(height / ROWS_BLOCKDIM_Y));
  launch_on(backend, {grid, dim3(ROWS_BLOCKDIM_X, ROWS_BLOCKDIM_Y)}, convolutionRowsKernel,
            out.data(), input.data(), width, height, width);
  return out.read();
}

std::vector<float> warp_energies(Backend backend, std::span<const float> in) {
  const int n = static_cast<int>(in.size());
  BackendArray<float> input(backend, in);
  BackendArray<float> out(backend, static_cast<std::size_t>(divideUp(n, 32)), -1.0f);
  launch_on(backend, {static_cast<unsigned>(divideUp(n, 256)), 256}, warpEnergies, input.data(),
            out.data(), n);
  return out.read();
}

std::vector<unsigned> window_sads(Backend backend, std::span<const unsigned> left,
                                  std::span<const unsigned> right, int window) {
  const int n = static_cast<int>(left.size());
  BackendArray<unsigned> l(backend, left), r(backend, right);
  BackendArray<unsigned> out(backend, static_cast<std::size_t>(n - window + 1), ~0u);
  launch_on(backend, {static_cast<unsigned>(divideUp(n, 128)), 128}, windowSad, l.data(), r.data(),
            out.data(), n, window);
  return out.read();
}

BlockTransforms block_transforms(Backend backend, std::span<const float> image, int width,
                                 int height, float scale) {
  BackendArray<float> input(backend, image), out(backend, image.size(), -1.0f);
  const dim3 grid(static_cast<unsigned>(width / BLOCK_SIDE),
                  static_cast<unsigned>(height / BLOCK_SIDE));
  BackendArray<float> sums(backend, grid.x * grid.y, -1.0f);
  launch_on(backend, {grid, dim3(BLOCK_SIDE, BLOCK_SIDE)}, transposeBlocks, out.data(),
            input.data(), width, scale);
  launch_on(backend, {grid, dim3(BLOCK_SIDE, BLOCK_SIDE)}, blockSums, sums.data(), input.data(),
            width);
  return {out.read(), sums.read()};
}

std::vector<float> block_sums(Backend backend, std::span<const float> in, unsigned blocks) {
  BackendArray<float> input(backend, in), out(backend, blocks, -1.0f);
  launch_on(backend, {blocks, 256}, reduceSum<float, 256>, input.data(), out.data(),
            static_cast<unsigned>(in.size()));
  return out.read();
}

std::vector<float> single_pass_sums(Backend backend, std::span<const float> in, unsigned blocks,
                                    int runs) {
  const unsigned zero = 0;
  copy_to_symbol(backend, retirementCount, &zero, sizeof(zero));
  BackendArray<float> input(backend, in), partial(backend, blocks, 0.0f), total(backend, 1, 0.0f);
  std::vector<float> sums;
  for (int r = 0; r < runs; ++r) {
    launch_on(backend, {blocks, 256}, sumSinglePass, input.data(), partial.data(), total.data(),
              static_cast<unsigned>(in.size()));
    sums.push_back(total.read()[0]);
  }
  return sums;
}

std::vector<unsigned short> haxpy(Backend backend, float a, std::span<const unsigned short> x,
                                  std::span<const unsigned short> y) {
  const std::size_t pairs = x.size() / 2;
  std::vector<__half2> xs, ys;
  for (std::size_t i = 0; i < pairs; ++i) {
    xs.push_back(__halves2half2(__ushort_as_half(x[2 * i]), __ushort_as_half(x[2 * i + 1])));
    ys.push_back(__halves2half2(__ushort_as_half(y[2 * i]), __ushort_as_half(y[2 * i + 1])));
  }
  BackendArray<__half2> in(backend, xs), out(backend, ys);
  launch_on(backend, {static_cast<unsigned>((pairs + 255) / 256), 256}, ::haxpy,
            static_cast<int>(pairs), __float2half(a), in.data(), out.data());
  std::vector<unsigned short> bits;
  for (const __half2& pair : out.read()) {
    bits.push_back(__half_as_ushort(__low2half(pair)));
    bits.push_back(__half_as_ushort(__high2half(pair)));
  }
  return bits;
}

}  // namespace real_world
