// Launches of the asynchronous-SIMT kernels on the GPU (<<<>>>) or on the CPU emulator
// (simt::launch names the same kernel symbol; simt_add_kernels() translated the kernel file).

#include "async_copies.hpp"

#include "async_kernels.cuh"

#include "simt/backend_launch.hpp"

namespace async_copies {

using tutorial::BackendArray;
using tutorial::launch_on;

std::vector<int> run(Backend backend, IntKernel kernel, std::span<const int> in, int rounds) {
  const auto blocks = static_cast<unsigned>(in.size() / kAsyncBlock);
  BackendArray<int> input(backend, in);
  switch (kernel) {
    case IntKernel::neighbour_after_split_arrive: {
      BackendArray<int> out(backend, in.size(), -1);
      launch_on(backend, {blocks, kAsyncBlock}, NeighbourAfterSplitArrive, input.data(),
                out.data());
      return out.read();
    }
    case IntKernel::rotate_through_phases: {
      BackendArray<int> out(backend, in.size(), -1);
      launch_on(backend, {blocks, kAsyncBlock}, RotateThroughPhases, input.data(), out.data(),
                rounds);
      return out.read();
    }
    case IntKernel::running_total_by_completion: {
      BackendArray<int> out(backend, in.size(), -1);
      launch_on(backend, {blocks, kAsyncBlock}, RunningTotalByCompletion, input.data(), out.data(),
                rounds);
      return out.read();
    }
    case IntKernel::chunk_sums_double_buffered: {
      const auto chunk_blocks = static_cast<unsigned>(blocks / static_cast<unsigned>(rounds));
      BackendArray<int> out(backend, std::size_t{chunk_blocks} * kAsyncBlock, -1);
      launch_on(backend, {chunk_blocks, kAsyncBlock}, ChunkSumsDoubleBuffered, input.data(),
                out.data(), rounds);
      return out.read();
    }
    case IntKernel::two_arrivals_per_thread: {
      BackendArray<int> out(backend, in.size(), -1);
      launch_on(backend, {blocks, kAsyncBlock}, TwoArrivalsPerThread, input.data(), out.data());
      return out.read();
    }
    case IntKernel::fold_with_drops: {
      BackendArray<int> out(backend, in.size() / 2, -1);
      launch_on(backend, {blocks, kAsyncBlock}, FoldWithDroppedThreads, input.data(), out.data());
      return out.read();
    }
  }
  return {};
}

std::vector<float> run(Backend backend, FloatKernel kernel, std::span<const float> in) {
  const auto blocks = static_cast<unsigned>(in.size() / kAsyncBlock);
  BackendArray<float> input(backend, in), out(backend, in.size(), -1.0f);
  switch (kernel) {
    case FloatKernel::tile_with_barrier:
      launch_on(backend, {blocks, kAsyncBlock}, ReverseTileCopiedWithBarrier, input.data(),
                out.data());
      break;
    case FloatKernel::elements_with_barrier:
      launch_on(backend, {blocks, kAsyncBlock}, ReverseElementsCopiedWithBarrier, input.data(),
                out.data());
      break;
    case FloatKernel::tile_by_group:
      launch_on(backend, {blocks, kAsyncBlock}, ReverseTileCopiedByGroup, input.data(), out.data());
      break;
    case FloatKernel::tile_by_warps:
      launch_on(backend, {blocks, kAsyncBlock}, ReverseTileCopiedByWarps, input.data(), out.data());
      break;
    case FloatKernel::slices_by_warp_waits:
      launch_on(backend, {blocks / 2, kAsyncBlock}, ReverseSlicesWaitedByWarps, input.data(),
                out.data());
      break;
  }
  return out.read();
}

std::vector<float> run(Backend backend, PipelineKernel kernel, std::span<const float> in,
                       unsigned blocks, int batches) {
  const bool partitioned =
      kernel == PipelineKernel::producer_count || kernel == PipelineKernel::producer_roles;
  const unsigned sums_per_block = partitioned ? kAsyncBlock - kProducerThreads : kAsyncBlock;
  BackendArray<float> input(backend, in), out(backend, std::size_t{blocks} * sums_per_block, -1.0f);
  const tutorial::LaunchShape shape{blocks, kAsyncBlock};
  switch (kernel) {
    case PipelineKernel::thread_scope:
      launch_on(backend, shape, WeightedSumThroughThreadPipeline, input.data(), out.data(),
                batches);
      break;
    case PipelineKernel::two_thread_scope:
      launch_on(backend, shape, WeightedSumThroughTwoThreadPipelines, input.data(), out.data(),
                batches);
      break;
    case PipelineKernel::block_scope:
      launch_on(backend, shape, WeightedSumThroughBlockPipeline, input.data(), out.data(), batches);
      break;
    case PipelineKernel::two_block_scope:
      launch_on(backend, shape, WeightedSumThroughTwoBlockPipelines, input.data(), out.data(),
                batches);
      break;
    case PipelineKernel::remade_block_scope:
      launch_on(backend, shape, WeightedSumThroughRemadePipeline, input.data(), out.data(),
                batches);
      break;
    case PipelineKernel::producer_count:
      launch_on(backend, shape, WeightedSumThroughProducerCount, input.data(), out.data(), batches);
      break;
    case PipelineKernel::producer_roles:
      launch_on(backend, shape, WeightedSumThroughProducerRoles, input.data(), out.data(), batches);
      break;
  }
  return out.read();
}

}  // namespace async_copies
