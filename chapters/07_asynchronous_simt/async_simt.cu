// Chapter 07's launches: every kernel on the GPU (<<<>>>) or on the CPU emulator (simt::launch
// of the same kernel, translated by simt_add_kernels()); then the CPU references.

#include "async_simt.hpp"
#include "async_simt_kernels.cuh"

#include "common/backend_launch.hpp"

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

std::vector<int> publish_then_read(Backend backend, std::span<const int> in) {
  tutorial::BackendArray<int> input(backend, in), out(backend, in.size(), -1);
  tutorial::launch_on(backend,
                      {static_cast<unsigned>(in.size() / threads_per_block), threads_per_block},
                      PublishThenReadNeighbour, input.data(), out.data());
  return out.read();
}

std::vector<float> neighbour_sums(Backend backend, Copy copy, std::span<const float> in,
                                  unsigned blocks) {
  tutorial::BackendArray<float> input(backend, in), out(backend, in.size(), -1.0f);
  tutorial::launch_on(backend, {blocks, threads_per_block}, copy_kernel(copy), input.data(),
                      out.data(), static_cast<int>(in.size() / tile_floats));
  return out.read();
}

ScopeCounts count_with_scopes(Backend backend, unsigned blocks, unsigned threads) {
  tutorial::BackendArray<unsigned> out(backend, std::size_t{blocks} + 1, 0u);
  unsigned* per_block = out.data();
  tutorial::launch_on(backend, {blocks, threads}, CountWithScopes, per_block, per_block + blocks);
  std::vector<unsigned> read = out.read();
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
