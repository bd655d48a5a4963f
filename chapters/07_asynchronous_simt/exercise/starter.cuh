#pragma once
// Exercise 07: MirrorTile copies its block's 256 floats into shared memory with
// cuda::memcpy_async bound to a barrier, and each thread writes factor * (the mirrored element).
// It reads the tile too early: the copy completes only with the barrier's phase. Fix it so that
// each thread still computes its factor while the copy is in flight (split arrive and wait).
#include <cooperative_groups.h>
#include <cuda/barrier>

#include <utility>

#pragma nv_diag_suppress static_var_with_dynamic_init

__global__ void MirrorTile(const float* in, float* out, float scale) {
  alignas(16) __shared__ float tile[256];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  cooperative_groups::thread_block block = cooperative_groups::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, tile, in + blockIdx.x * 256, cuda::aligned_size_t<16>(sizeof(tile)),
                     bar);
  cuda::barrier<cuda::thread_scope_block>::arrival_token token = bar.arrive();
  const float factor = scale * static_cast<float>(1 + threadIdx.x % 4);
  out[blockIdx.x * 256 + threadIdx.x] = factor * tile[255 - threadIdx.x];
  bar.wait(std::move(token));
}
