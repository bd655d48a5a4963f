// Chapter 07's host code, as the CUDA runtime API writes it: every kernel launched with <<<>>>
// on device memory; then the CPU references. nvcc builds this file for the GPU; simt translates
// the very same file for the CPU emulator (the sample's CPU build).

#include "async_simt.hpp"
#include "async_simt_kernels.cuh"

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"

namespace async_simt {

CopyKernel copy_kernel(Copy copy) {
  switch (copy) {
    case Copy::plain: return NeighbourSumsPlainCopy;
    case Copy::group: return NeighbourSumsGroupCopy;
    case Copy::barrier: return NeighbourSumsBarrierCopy;
    case Copy::pipelined_1: return NeighbourSumsPipelined<1>;
    case Copy::pipelined_2: return NeighbourSumsPipelined<2>;
    case Copy::pipelined_4: return NeighbourSumsPipelined<4>;
  }
  return nullptr;
}

std::vector<int> publish_then_read(std::span<const int> in) {
  std::vector<int> read(in.size(), -1);  // an element no thread writes stays -1 and fails
  tutorial::DeviceBuffer<int> input(in), out{std::span<const int>(read)};
  const auto blocks = static_cast<unsigned>(in.size() / threads_per_block);
  PublishThenReadNeighbour<<<blocks, threads_per_block>>>(input.get(), out.get());
  CUDA_CHECK(cudaGetLastError());
  return out.to_host();
}

std::vector<float> neighbour_sums(Copy copy, std::span<const float> in, unsigned blocks) {
  std::vector<float> sums(in.size(), -1.0f);  // an element no thread writes stays -1 and fails
  tutorial::DeviceBuffer<float> input(in), out{std::span<const float>(sums)};
  const CopyKernel kernel = copy_kernel(copy);
  kernel<<<blocks, threads_per_block>>>(input.get(), out.get(),
                                        static_cast<int>(in.size() / tile_floats));
  CUDA_CHECK(cudaGetLastError());
  return out.to_host();
}

ScopeCounts count_with_scopes(unsigned blocks, unsigned threads) {
  // Per-block counts, then the total: the counters start at zero.
  tutorial::DeviceBuffer<unsigned> out(std::size_t{blocks} + 1);
  CUDA_CHECK(cudaMemset(out.get(), 0, out.size() * sizeof(unsigned)));
  unsigned* per_block = out.get();
  CountWithScopes<<<blocks, threads>>>(per_block, per_block + blocks);
  CUDA_CHECK(cudaGetLastError());
  std::vector<unsigned> read = out.to_host();
  const unsigned total = read.back();
  read.pop_back();
  return {read, total};
}

// The configuration: names, and the CPU references.

std::string describe(Copy copy) {
  switch (copy) {
    case Copy::plain: return "loads and stores + __syncthreads()";
    case Copy::group: return "cg::memcpy_async + cg::wait";
    case Copy::barrier: return "cuda::memcpy_async + cuda::barrier";
    case Copy::pipelined_1: return "cuda::pipeline, 1 stage";
    case Copy::pipelined_2: return "cuda::pipeline, 2 stages";
    case Copy::pipelined_4: return "cuda::pipeline, 4 stages";
  }
  return {};
}

std::string kernel_name(Copy copy) {
  switch (copy) {
    case Copy::plain: return "NeighbourSumsPlainCopy";
    case Copy::group: return "NeighbourSumsGroupCopy";
    case Copy::barrier: return "NeighbourSumsBarrierCopy";
    case Copy::pipelined_1: return "NeighbourSumsPipelined<1>";
    case Copy::pipelined_2: return "NeighbourSumsPipelined<2>";
    case Copy::pipelined_4: return "NeighbourSumsPipelined<4>";
  }
  return {};
}

// [doc:reference]
std::vector<int> reference_publish_then_read(std::span<const int> in) {
  std::vector<int> out(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::size_t block = i / threads_per_block * threads_per_block;
    out[i] = in[block + (i - block + 1) % threads_per_block] + in[i] * in[i];
  }
  return out;
}

std::vector<float> reference_neighbour_sums(std::span<const float> in) {
  std::vector<float> out(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::size_t tile = i / tile_floats * tile_floats;
    out[i] = in[i] + in[tile + (i - tile + 1) % tile_floats];
  }
  return out;
}
// [doc:reference]

}  // namespace async_simt
