#pragma once
// A block-sum reduction in the style of the public samples: a template on the block size with
// __launch_bounds__, __restrict__ and __ldg, a cooperative-groups warp tile whose shuffle takes
// an int offset in a template, and explicit instantiations. Two launch sources include it.
#include <cooperative_groups.h>

#include "warp_utils.cuh"

namespace cg = cooperative_groups;

// g_odata[blockIdx.x] = the sum of the grid-stride slice of g_idata the block reads.
template <class T, unsigned int blockSize>
__global__ void __launch_bounds__(blockSize)
    reduceSum(const T* __restrict__ g_idata, T* __restrict__ g_odata, unsigned int n) {
  __shared__ T warpSums[blockSize / 32];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  T sum = 0;
  for (unsigned int i = blockIdx.x * blockSize + threadIdx.x; i < n; i += blockSize * gridDim.x)
    sum += __ldg(&g_idata[i]);
#pragma unroll
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) sum += tile.shfl_down(sum, offset);
  if (laneId() == 0) warpSums[threadIdx.x / 32] = sum;
  block.sync();
  if (threadIdx.x < 32) {
    sum = threadIdx.x < blockSize / 32 ? warpSums[threadIdx.x] : 0;
    for (int offset = 16; offset > 0; offset /= 2) sum += tile.shfl_down(sum, offset);
    if (threadIdx.x == 0) g_odata[blockIdx.x] = sum;
  }
}

template __global__ void reduceSum<float, 256>(const float*, float*, unsigned int);
template __global__ void reduceSum<int, 128>(const int*, int*, unsigned int);
