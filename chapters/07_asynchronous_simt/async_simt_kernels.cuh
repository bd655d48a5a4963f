#pragma once
// Chapter 07 kernels: the asynchronous SIMT programming model of the CUDA C++ Programming Guide.
// A thread starts an asynchronous operation and completes it through a synchronization object:
// a cuda::barrier (arrive now, wait later), a cuda::pipeline (stages in flight), or
// cooperative_groups::wait. Compiled, with async_simt.cu, by nvcc for the GPU and translated for
// the CPU emulator.

#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/atomic>
#include <cuda/barrier>
#include <cuda/pipeline>

#include <utility>

#include "tile_shape.hpp"  // kTile, kThreads

namespace cg = cooperative_groups;

// A __shared__ cuda::barrier or pipeline state has a constructor, which nvcc refuses for a
// __shared__ variable unless told that the kernel initialises it itself (init() or
// make_pipeline() do), as the guide's samples do.
#pragma nv_diag_suppress static_var_with_dynamic_init

// [doc:split-barrier]
// Each thread publishes a value, arrives, and does work of its own while the others arrive;
// then it waits for the phase its token names, after which every value published before an
// arrival of that phase is visible.
__global__ void PublishThenReadNeighbour(const int* in, int* out) {
  __shared__ int published[kThreads];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  const unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t == 0) init(&bar, blockDim.x);  // one thread initialises; the others see it after the sync
  __syncthreads();
  published[t] = in[i];
  cuda::barrier<cuda::thread_scope_block>::arrival_token token = bar.arrive();
  const int own = in[i] * in[i];  // independent of the other threads: overlaps their arrivals
  bar.wait(std::move(token));
  out[i] = published[(t + 1) % blockDim.x] + own;
}
// [doc:split-barrier]

// What every copy kernel computes on a tile in shared memory: each element plus its right-hand
// neighbour (which another thread loaded, so the whole tile must be there first).
__device__ void NeighbourSums(const float* tile, float* out) {
  for (int j = threadIdx.x; j < kTile; j += blockDim.x) out[j] = tile[j] + tile[(j + 1) % kTile];
}

// [doc:plain-copy]
// Copy 1: each thread loads elements into registers and stores them to shared memory (LDG then
// STS), and the block waits at __syncthreads().
__global__ void NeighbourSumsPlainCopy(const float* in, float* out, int tiles) {
  __shared__ float tile[kTile];
  for (int k = blockIdx.x; k < tiles; k += gridDim.x) {
    for (int j = threadIdx.x; j < kTile; j += blockDim.x) tile[j] = in[k * kTile + j];
    __syncthreads();
    NeighbourSums(tile, out + k * kTile);
    __syncthreads();  // the tile is read before the next copy overwrites it
  }
}
// [doc:plain-copy]

// [doc:group-copy]
// Copy 2: the block starts one asynchronous copy with cooperative_groups::memcpy_async and
// waits for it with cooperative_groups::wait (which also waits for the whole block).
__global__ void NeighbourSumsGroupCopy(const float* in, float* out, int tiles) {
  __shared__ float tile[kTile];
  cg::thread_block block = cg::this_thread_block();
  for (int k = blockIdx.x; k < tiles; k += gridDim.x) {
    cg::memcpy_async(block, tile, in + k * kTile, sizeof(tile));
    cg::wait(block);
    NeighbourSums(tile, out + k * kTile);
    block.sync();
  }
}
// [doc:group-copy]

// [doc:barrier-copy]
// Copy 3: cuda::memcpy_async bound to a barrier; the copy completes with the barrier's phase.
// cuda::aligned_size_t<16> promises 16-byte alignment and size, so that on compute capability
// 8.0 and later the copy bypasses registers (LDGSTS).
__global__ void NeighbourSumsBarrierCopy(const float* in, float* out, int tiles) {
  alignas(16) __shared__ float tile[kTile];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  for (int k = blockIdx.x; k < tiles; k += gridDim.x) {
    cuda::memcpy_async(block, tile, in + k * kTile, cuda::aligned_size_t<16>(sizeof(tile)), bar);
    bar.arrive_and_wait();  // phase 2k: the copy is complete
    NeighbourSums(tile, out + k * kTile);
    bar.arrive_and_wait();  // phase 2k + 1: every thread is done with the tile
  }
}
// [doc:barrier-copy]

// [doc:pipeline]
// The same work through a pipeline of Stages tiles: while the block computes on tile `compute`,
// the copies of the next Stages - 1 tiles are in flight. Each thread has a pipeline of its own
// (thread scope) for the 16-byte pieces of each tile that it copies, so consumer_wait() covers
// its own pieces only, and __syncthreads() after it covers everyone's. Stages = 1 is the
// single-stage version: copy, wait, compute, one tile at a time.
template <int Stages>
__global__ void NeighbourSumsPipelined(const float* in, float* out, int tiles) {
  alignas(16) __shared__ float tile[Stages][kTile];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  // This block's tiles are blockIdx.x, blockIdx.x + gridDim.x, ...
  const int first = static_cast<int>(blockIdx.x), step = static_cast<int>(gridDim.x);
  const int mine = first < tiles ? (tiles - first + step - 1) / step : 0;
  for (int compute = 0, fetch = 0; compute < mine; ++compute) {
    for (; fetch < mine && fetch < compute + Stages; ++fetch) {
      pipe.producer_acquire();
      const float* from = in + (first + fetch * step) * kTile;
      for (int j = 4 * threadIdx.x; j < kTile; j += 4 * blockDim.x)  // 4 floats: 16 bytes
        cuda::memcpy_async(&tile[fetch % Stages][j], from + j, cuda::aligned_size_t<16>(16), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();  // this thread's pieces of tile `compute` have arrived
    __syncthreads();       // and so have every other thread's
    NeighbourSums(tile[compute % Stages], out + (first + compute * step) * kTile);
    pipe.consumer_release();
    __syncthreads();  // every thread has read the tile before a copy refills its stage
  }
}
// [doc:pipeline]
template __global__ void NeighbourSumsPipelined<1>(const float*, float*, int);
template __global__ void NeighbourSumsPipelined<2>(const float*, float*, int);
template __global__ void NeighbourSumsPipelined<4>(const float*, float*, int);

// [doc:scopes]
// Thread scopes: the block counts its threads with a block-scope atomic in shared memory (only
// its own threads share it), and thread 0 adds the count to a device-scope total that every
// block updates.
__global__ void CountWithScopes(unsigned* per_block, unsigned* total) {
  __shared__ unsigned count;
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  cuda::atomic_ref<unsigned, cuda::thread_scope_block> block_count(count);
  block_count.fetch_add(1, cuda::memory_order_relaxed);
  __syncthreads();
  if (threadIdx.x == 0) {
    per_block[blockIdx.x] = count;
    cuda::atomic_ref<unsigned, cuda::thread_scope_device> grid_total(*total);
    grid_total.fetch_add(count, cuda::memory_order_relaxed);
  }
}
// [doc:scopes]
