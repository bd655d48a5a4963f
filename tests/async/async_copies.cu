// Launches of the asynchronous-SIMT kernels on the GPU (<<<>>>) or on the CPU emulator
// (simt::launch names the same kernel symbol; simt_add_kernels() translated the kernel file).

#include "async_copies.hpp"

#include "async_kernels.cuh"

#include "backend_launch.hpp"

namespace async_copies {

using test::Array;
using test::launch;

std::vector<int> run(Backend backend, IntKernel kernel, std::span<const int> in, int rounds) {
  const auto blocks = static_cast<unsigned>(in.size() / kAsyncBlock);
  Array<int> input(backend, in);
  switch (kernel) {
    case IntKernel::neighbour_after_split_arrive: {
      Array<int> out(backend, in.size(), -1);
      launch(backend, blocks, kAsyncBlock, 0, NeighbourAfterSplitArrive, input.data(), out.data());
      return out.read();
    }
    case IntKernel::rotate_through_phases: {
      Array<int> out(backend, in.size(), -1);
      launch(backend, blocks, kAsyncBlock, 0, RotateThroughPhases, input.data(), out.data(),
             rounds);
      return out.read();
    }
    case IntKernel::two_arrivals_per_thread: {
      Array<int> out(backend, in.size(), -1);
      launch(backend, blocks, kAsyncBlock, 0, TwoArrivalsPerThread, input.data(), out.data());
      return out.read();
    }
    case IntKernel::fold_with_drops: {
      Array<int> out(backend, in.size() / 2, -1);
      launch(backend, blocks, kAsyncBlock, 0, FoldWithDroppedThreads, input.data(), out.data());
      return out.read();
    }
  }
  return {};
}

std::vector<float> run(Backend backend, FloatKernel kernel, std::span<const float> in) {
  const auto blocks = static_cast<unsigned>(in.size() / kAsyncBlock);
  Array<float> input(backend, in), out(backend, in.size(), -1.0f);
  switch (kernel) {
    case FloatKernel::tile_with_barrier:
      launch(backend, blocks, kAsyncBlock, 0, ReverseTileCopiedWithBarrier, input.data(),
             out.data());
      break;
    case FloatKernel::elements_with_barrier:
      launch(backend, blocks, kAsyncBlock, 0, ReverseElementsCopiedWithBarrier, input.data(),
             out.data());
      break;
    case FloatKernel::tile_by_group:
      launch(backend, blocks, kAsyncBlock, 0, ReverseTileCopiedByGroup, input.data(), out.data());
      break;
  }
  return out.read();
}

std::vector<float> run(Backend backend, PipelineKernel kernel, std::span<const float> in,
                       unsigned blocks, int batches) {
  Array<float> input(backend, in), out(backend, std::size_t{blocks} * kAsyncBlock, -1.0f);
  if (kernel == PipelineKernel::thread_scope)
    launch(backend, blocks, kAsyncBlock, 0, WeightedSumThroughThreadPipeline, input.data(),
           out.data(), batches);
  else
    launch(backend, blocks, kAsyncBlock, 0, WeightedSumThroughBlockPipeline, input.data(),
           out.data(), batches);
  return out.read();
}

}  // namespace async_copies
