#pragma once
// Kernels of the asynchronous SIMT model, written as the CUDA C++ Programming Guide writes them:
// cuda::barrier with split arrive/wait, arrive_and_wait and arrive_and_drop, and copies into
// shared memory with cuda::memcpy_async (per thread and per block) and
// cooperative_groups::memcpy_async (with wait and wait_prior), and pipelines of one thread and of
// a block. Compiled by nvcc for the GPU and translated for the
// emulator; async_copies_test.cpp checks every result against a CPU loop.

#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>

#include <cstddef>
#include <type_traits>
#include <utility>

namespace cg = cooperative_groups;

// A __shared__ cuda::barrier has a constructor, which nvcc refuses for a __shared__ variable
// unless told that the kernel initialises it itself (with init()), as the guide's samples do.
#pragma nv_diag_suppress static_var_with_dynamic_init

constexpr int kAsyncBlock = 256;  // threads per block, and elements per block

// Each thread publishes a value, arrives, does work of its own while the others arrive, then
// waits for the phase and reads its neighbour's value.
__global__ void NeighbourAfterSplitArrive(const int* in, int* out) {
  __shared__ int values[kAsyncBlock];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  const unsigned t = threadIdx.x, n = blockDim.x, i = blockIdx.x * n + t;
  if (t == 0) init(&bar, n);
  __syncthreads();
  values[t] = in[i];
  cuda::barrier<cuda::thread_scope_block>::arrival_token token = bar.arrive();
  const int own = 3 * in[i];  // independent of the other threads: overlaps their arrivals
  bar.wait(std::move(token));
  out[i] = values[(t + 1) % n] + own;
}

// A barrier may expect more arrivals than it has threads: here two per thread, each thread
// arriving twice per phase.
__global__ void TwoArrivalsPerThread(const int* in, int* out) {
  __shared__ int values[kAsyncBlock];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  const unsigned t = threadIdx.x, n = blockDim.x;
  if (t == 0) init(&bar, 2 * n);
  __syncthreads();
  values[t] = in[blockIdx.x * n + t];
  (void)bar.arrive();
  bar.arrive_and_wait();
  out[blockIdx.x * n + t] = values[(t + 1) % n];
}

// Two phases per round: write, wait, read the neighbour's value, wait. After `rounds` rounds
// thread t holds the value that started at thread t + rounds.
__global__ void RotateThroughPhases(const int* in, int* out, int rounds) {
  __shared__ int values[kAsyncBlock];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  const unsigned t = threadIdx.x, n = blockDim.x;
  if (t == 0) init(&bar, n);
  __syncthreads();
  int v = in[blockIdx.x * n + t];
  for (int r = 0; r < rounds; ++r) {
    values[t] = v;
    bar.arrive_and_wait();
    v = values[(t + 1) % n];
    bar.arrive_and_wait();
  }
  out[blockIdx.x * n + t] = v;
}

// The upper half of the block arrives once and leaves (arrive_and_drop); from the next phase
// on the barrier expects only the lower half.
__global__ void FoldWithDroppedThreads(const int* in, int* out) {
  __shared__ int values[kAsyncBlock];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  const unsigned t = threadIdx.x, n = blockDim.x, half = n / 2;
  if (t == 0) init(&bar, n);
  __syncthreads();
  values[t] = in[blockIdx.x * n + t];
  if (t >= half) {
    bar.arrive_and_drop();
    return;
  }
  bar.arrive_and_wait();
  values[t] += values[t + half];
  bar.arrive_and_wait();
  out[blockIdx.x * half + t] = values[t] + values[(t + 1) % half];
}

// A barrier with a completion function (the guide's running-sum pattern): each round every
// thread publishes a value plus the running total and arrives; the completion function, run once
// per phase by the last thread to arrive and before any thread is released, adds the round's
// values to the total. Every thread ends with the block's total (arithmetic modulo 2^32).
__global__ void RunningTotalByCompletion(const int* in, int* out, int rounds) {
  __shared__ unsigned values[kAsyncBlock];
  __shared__ unsigned total;
  cg::thread_block block = cg::this_thread_block();
  auto add_round = [&] {
    unsigned sum = 0;
    for (int k = 0; k < kAsyncBlock; ++k) sum += values[k];
    total += sum;
  };
  using barrier_t = cuda::barrier<cuda::thread_scope_block, decltype(add_round)>;
  __shared__ std::aligned_storage_t<sizeof(barrier_t), alignof(barrier_t)> bar_storage;
  barrier_t* bar = reinterpret_cast<barrier_t*>(&bar_storage);
  const unsigned t = block.thread_rank(), n = block.size();
  if (t == 0) {
    total = 0;
    init(bar, n, add_round);
  }
  block.sync();
  for (int r = 0; r < rounds; ++r) {
    values[t] = static_cast<unsigned>(in[blockIdx.x * n + (t + r) % n]) + total;
    bar->arrive_and_wait();
  }
  out[blockIdx.x * n + t] = static_cast<int>(total);
}

// Double buffering with cooperative groups: while the block sums chunk k, the copy of chunk
// k + 1 is in flight; cg::wait_prior<1> waits for every copy but the latest. Each thread adds
// one element of each chunk (another thread's, so the whole copy must have completed).
__global__ void ChunkSumsDoubleBuffered(const int* in, int* out, int chunks) {
  __shared__ int buffer[2][kAsyncBlock];
  cg::thread_block block = cg::this_thread_block();
  const unsigned t = block.thread_rank(), n = block.size();
  const int* mine = in + static_cast<std::size_t>(blockIdx.x) * chunks * n;
  cg::memcpy_async(block, buffer[0], n, mine, n);
  int sum = 0;
  for (int k = 0; k < chunks; ++k) {
    if (k + 1 < chunks) {
      cg::memcpy_async(block, buffer[(k + 1) % 2], mine + (k + 1) * n, sizeof(int) * n);
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    sum += buffer[k % 2][(7 * t + k) % n];
    block.sync();  // every read of this buffer before the next copy into it starts
  }
  out[blockIdx.x * n + t] = sum;
}

// The block copies its tile with one cuda::memcpy_async bound to a barrier; the copy completes
// with the barrier's phase.
__global__ void ReverseTileCopiedWithBarrier(const float* in, float* out) {
  alignas(16) __shared__ float tile[kAsyncBlock];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, tile, in + blockIdx.x * kAsyncBlock,
                     cuda::aligned_size_t<16>(sizeof(tile)), bar);
  bar.arrive_and_wait();
  out[blockIdx.x * kAsyncBlock + threadIdx.x] = tile[kAsyncBlock - 1 - threadIdx.x];
}

// Each thread copies its own element, all bound to one barrier.
__global__ void ReverseElementsCopiedWithBarrier(const float* in, float* out) {
  __shared__ float tile[kAsyncBlock];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  const unsigned t = threadIdx.x;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(&tile[t], &in[blockIdx.x * kAsyncBlock + t], sizeof(float), bar);
  bar.arrive_and_wait();
  out[blockIdx.x * kAsyncBlock + t] = tile[kAsyncBlock - 1 - t];
}

// The block copies its tile with cooperative_groups::memcpy_async; cg::wait completes it, here
// on the block as a thread_group (the group type that holds any group; ReverseTileCopiedByWarps
// waits on the thread_block itself).
__global__ void ReverseTileCopiedByGroup(const float* in, float* out) {
  __shared__ float tile[kAsyncBlock];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, tile, in + blockIdx.x * kAsyncBlock, sizeof(tile));
  const cg::thread_group group = block;
  cg::wait(group);
  out[blockIdx.x * kAsyncBlock + threadIdx.x] = tile[kAsyncBlock - 1 - threadIdx.x];
}

// The same with each warp copying its slice of the tile (cg::memcpy_async on a tile of the
// block, as dense GEMMs stream their warps' tiles); the block's wait completes every warp's copy.
__global__ void ReverseTileCopiedByWarps(const float* in, float* out) {
  alignas(16) __shared__ float tile[kAsyncBlock];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const unsigned first = warp.meta_group_rank() * warp.size();
  cg::memcpy_async(warp, tile + first, in + blockIdx.x * kAsyncBlock + first,
                   cuda::aligned_size_t<16>(warp.size() * sizeof(float)));
  cg::wait(block);
  out[blockIdx.x * kAsyncBlock + threadIdx.x] = tile[kAsyncBlock - 1 - threadIdx.x];
}

// Each warp copies two slices of its own (cg::memcpy_async on its tile) and waits on its tile
// alone, with no block barrier: wait_prior<1>(warp) completes the first copy while the second
// may still fly, wait(warp) the second (both given the warp as a thread_group, the group type
// that holds any group: a tile's waits still). Each half comes out reversed within every warp's
// slice.
__global__ void ReverseSlicesWaitedByWarps(const float* in, float* out) {
  alignas(16) __shared__ float first_half[kAsyncBlock];
  alignas(16) __shared__ float second_half[kAsyncBlock];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const unsigned slice = warp.meta_group_rank() * 32, lane = warp.thread_rank();
  const float* source = in + blockIdx.x * 2 * kAsyncBlock;
  float* target = out + blockIdx.x * 2 * kAsyncBlock;
  cg::memcpy_async(warp, first_half + slice, source + slice, sizeof(float) * 32);
  cg::memcpy_async(warp, second_half + slice, source + kAsyncBlock + slice, sizeof(float) * 32);
  const cg::thread_group as_group = warp;
  cg::wait_prior<1>(as_group);
  target[slice + lane] = first_half[slice + 31 - lane];
  cg::wait(as_group);
  target[kAsyncBlock + slice + lane] = second_half[slice + 31 - lane];
}

// Each thread streams `batches` values through a two-stage pipeline of its own: the copy of
// value b + 2 is in flight while value b is used. Thread i sums (b + 1) * in[b * total + i].
__global__ void WeightedSumThroughThreadPipeline(const float* in, float* out, int batches) {
  __shared__ float stage[2][kAsyncBlock];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const unsigned t = threadIdx.x;
  const unsigned total = gridDim.x * blockDim.x, i = blockIdx.x * blockDim.x + t;
  for (int fetch = 0; fetch < 2 && fetch < batches; ++fetch) {
    pipe.producer_acquire();
    cuda::memcpy_async(&stage[fetch % 2][t], &in[fetch * total + i], sizeof(float), pipe);
    pipe.producer_commit();
  }
  float sum = 0.0f;
  for (int b = 0; b < batches; ++b) {
    pipe.consumer_wait();
    sum += stage[b % 2][t] * static_cast<float>(b + 1);
    pipe.consumer_release();
    if (b + 2 < batches) {
      pipe.producer_acquire();
      cuda::memcpy_async(&stage[b % 2][t], &in[(b + 2) * total + i], sizeof(float), pipe);
      pipe.producer_commit();
    }
  }
  out[i] = sum;
}

// The same through two pipelines of each thread's own, even batches through one and odd
// batches through the other, four in flight. Each value is copied in two halves, and the first
// four batches' halves alternate between the pipelines (even's first half, odd's, even's second,
// odd's): a wait completes its own stage's copies on both sides of the other pipeline's.
__global__ void WeightedSumThroughTwoThreadPipelines(const float* in, float* out, int batches) {
  __shared__ float stage[4][kAsyncBlock];
  cuda::pipeline<cuda::thread_scope_thread> even = cuda::make_pipeline();
  cuda::pipeline<cuda::thread_scope_thread> odd = cuda::make_pipeline();
  const unsigned t = threadIdx.x;
  const unsigned total = gridDim.x * blockDim.x, i = blockIdx.x * blockDim.x + t;
  for (int first = 0; first < 4 && first < batches; first += 2) {
    even.producer_acquire();
    odd.producer_acquire();
    for (int half = 0; half < 2; ++half)
      for (int fetch = first; fetch < first + 2 && fetch < batches; ++fetch)
        cuda::memcpy_async(reinterpret_cast<char*>(&stage[fetch][t]) + 2 * half,
                           reinterpret_cast<const char*>(&in[fetch * total + i]) + 2 * half, 2,
                           fetch % 2 == 0 ? even : odd);
    even.producer_commit();
    odd.producer_commit();
  }
  float sum = 0.0f;
  for (int b = 0; b < batches; ++b) {
    cuda::pipeline<cuda::thread_scope_thread>& pipe = b % 2 == 0 ? even : odd;
    pipe.consumer_wait();
    sum += stage[b % 4][t] * static_cast<float>(b + 1);
    pipe.consumer_release();
    if (b + 4 < batches) {
      pipe.producer_acquire();
      cuda::memcpy_async(&stage[b % 4][t], &in[(b + 4) * total + i], sizeof(float), pipe);
      pipe.producer_commit();
    }
  }
  out[i] = sum;
}

// The guide's multi-stage pipeline, shared by the block: up to kStages tiles in flight, each
// copied by the whole block; each thread uses its neighbour's element, so it needs the whole
// tile. Thread t sums (b + 1) * in[b * total + block start + (t + 1) % 256].
constexpr int kStages = 3;
__global__ void WeightedSumThroughBlockPipeline(const float* in, float* out, int batches) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float stage[kStages][kAsyncBlock];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> shared_state;
  cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &shared_state);
  const unsigned total = gridDim.x * kAsyncBlock;
  float sum = 0.0f;
  for (int compute = 0, fetch = 0; compute < batches; ++compute) {
    for (; fetch < batches && fetch < compute + kStages; ++fetch) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, stage[fetch % kStages],
                         in + fetch * total + blockIdx.x * kAsyncBlock, sizeof(float) * kAsyncBlock,
                         pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    sum +=
        stage[compute % kStages][(threadIdx.x + 1) % kAsyncBlock] * static_cast<float>(compute + 1);
    pipe.consumer_release();
  }
  out[blockIdx.x * kAsyncBlock + threadIdx.x] = sum;
}

// Two block-scope pipelines taken in turn (batch b goes through pipeline b % 2, two batches in
// flight in each), each thread copying one element of a batch itself (a thread's own
// cuda::memcpy_async into a block's pipeline). As above, thread t sums its neighbour's element,
// (b + 1) * in[b * total + block start + (t + 1) % 256], so it needs every thread's copy.
__global__ void WeightedSumThroughTwoBlockPipelines(const float* in, float* out, int batches) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float stage[2][2][kAsyncBlock];  // [pipeline][its stage]
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> even_state, odd_state;
  cuda::pipeline<cuda::thread_scope_block> even = cuda::make_pipeline(block, &even_state);
  cuda::pipeline<cuda::thread_scope_block> odd = cuda::make_pipeline(block, &odd_state);
  const unsigned total = gridDim.x * kAsyncBlock, start = blockIdx.x * kAsyncBlock;
  float sum = 0.0f;
  for (int compute = 0, fetch = 0; compute < batches; ++compute) {
    for (; fetch < batches && fetch < compute + 4; ++fetch) {
      cuda::pipeline<cuda::thread_scope_block>& pipe = fetch % 2 == 0 ? even : odd;
      pipe.producer_acquire();
      cuda::memcpy_async(&stage[fetch % 2][fetch / 2 % 2][threadIdx.x],
                         in + fetch * total + start + threadIdx.x, sizeof(float), pipe);
      pipe.producer_commit();
    }
    cuda::pipeline<cuda::thread_scope_block>& pipe = compute % 2 == 0 ? even : odd;
    pipe.consumer_wait();
    sum += stage[compute % 2][compute / 2 % 2][(threadIdx.x + 1) % kAsyncBlock] *
           static_cast<float>(compute + 1);
    pipe.consumer_release();
  }
  out[start + threadIdx.x] = sum;
}

// A block-scope pipeline made again on the same shared state for each batch, once every thread
// is done with the last one (the GPU's make_pipeline initialises the state's barriers again).
// As above, thread t sums (b + 1) * in[b * total + block start + (t + 1) % 256].
__global__ void WeightedSumThroughRemadePipeline(const float* in, float* out, int batches) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float stage[kAsyncBlock];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> shared_state;
  const unsigned total = gridDim.x * kAsyncBlock, start = blockIdx.x * kAsyncBlock;
  float sum = 0.0f;
  for (int b = 0; b < batches; ++b) {
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &shared_state);
    pipe.producer_acquire();
    cuda::memcpy_async(&stage[threadIdx.x], in + b * total + start + threadIdx.x, sizeof(float),
                       pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    sum += stage[(threadIdx.x + 1) % kAsyncBlock] * static_cast<float>(b + 1);
    pipe.consumer_release();
    block.sync();
  }
  out[start + threadIdx.x] = sum;
}

// A partitioned pipeline: the block's first warp produces, the other 224 threads consume. Block
// x streams `batches` batches of 256 values (in[(x * batches + b) * 256 + i]); each producer
// copies 8 values of a batch into the stage, consumer c (thread 32 + c) adds (b + 1) times value
// c of batch b, and writes its sum to out[x * 224 + c].
constexpr unsigned kProducerThreads = 32;

__device__ void StreamThroughPartitionedPipeline(cuda::pipeline<cuda::thread_scope_block>& pipe,
                                                 float (*stage)[kAsyncBlock], const float* in,
                                                 float* out, int batches) {
  const unsigned t = threadIdx.x;
  if (t < kProducerThreads) {
    for (int b = 0; b < batches; ++b) {
      pipe.producer_acquire();
      const float* batch = in + (blockIdx.x * batches + b) * kAsyncBlock;
      cuda::memcpy_async(&stage[b % kStages][t * 8], batch + t * 8, sizeof(float) * 8, pipe);
      pipe.producer_commit();
    }
    return;
  }
  float sum = 0.0f;
  for (int b = 0; b < batches; ++b) {
    pipe.consumer_wait();
    sum += stage[b % kStages][t - kProducerThreads] * static_cast<float>(b + 1);
    pipe.consumer_release();
  }
  out[blockIdx.x * (kAsyncBlock - kProducerThreads) + t - kProducerThreads] = sum;
}

// The partitioned pipeline made with a producer count: the first 32 threads produce.
__global__ void WeightedSumThroughProducerCount(const float* in, float* out, int batches) {
  __shared__ float stage[kStages][kAsyncBlock];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> shared_state;
  cuda::pipeline<cuda::thread_scope_block> pipe =
      cuda::make_pipeline(cg::this_thread_block(), &shared_state, kProducerThreads);
  StreamThroughPartitionedPipeline(pipe, stage, in, out, batches);
}

// The same pipeline made with each thread's role.
__global__ void WeightedSumThroughProducerRoles(const float* in, float* out, int batches) {
  __shared__ float stage[kStages][kAsyncBlock];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> shared_state;
  const cuda::pipeline_role role = threadIdx.x < kProducerThreads ? cuda::pipeline_role::producer
                                                                  : cuda::pipeline_role::consumer;
  cuda::pipeline<cuda::thread_scope_block> pipe =
      cuda::make_pipeline(cg::this_thread_block(), &shared_state, role);
  StreamThroughPartitionedPipeline(pipe, stage, in, out, batches);
}
