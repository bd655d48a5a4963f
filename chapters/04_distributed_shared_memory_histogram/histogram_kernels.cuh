#pragma once
// Chapter 04 kernels: three ways to build a histogram, the last one the guide's
// distributed-shared-memory kernel. Compiled by nvcc for the GPU and by the host compiler for
// the CPU emulator.
#include <cooperative_groups.h>

// [doc:bin-of]
// As in the guide, values outside [0, nbins) count in the first or the last bin.
__device__ __forceinline__ int BinOf(int value, int nbins) {
  return value < 0 ? 0 : (value >= nbins ? nbins - 1 : value);
}
// [doc:bin-of]

// [doc:global]
// Every element is one atomicAdd to device memory: simple, and slow when many threads hit the
// same bins (the atomics serialise in L2).
__global__ void HistogramGlobal(int* bins, int nbins, const int* __restrict__ input, long long n) {
  long long stride = static_cast<long long>(blockDim.x) * gridDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride)
    atomicAdd(&bins[BinOf(input[i], nbins)], 1);
}
// [doc:global]

// [doc:shared]
// Each block counts into its own copy of the whole histogram in shared memory (fast atomics
// near the SM), then adds its counts to the histogram in device memory once.
__global__ void HistogramShared(int* bins, int nbins, const int* __restrict__ input, long long n) {
  extern __shared__ int smem[];
  for (int i = threadIdx.x; i < nbins; i += blockDim.x) smem[i] = 0;
  __syncthreads();
  long long stride = static_cast<long long>(blockDim.x) * gridDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += stride)
    atomicAdd(&smem[BinOf(input[i], nbins)], 1);
  __syncthreads();
  for (int i = threadIdx.x; i < nbins; i += blockDim.x) {
    int count = smem[i];
    if (count != 0) atomicAdd(&bins[i], count);
  }
}
// [doc:shared]

// [doc:cluster]
// The guide's clusterHist_kernel: the histogram is split across the shared memory of the
// blocks of a cluster, block r holding bins [r * bins_per_block, (r + 1) * bins_per_block).
// Each element goes to the block that owns its bin, through distributed shared memory.
__global__ void clusterHist_kernel(int* bins, const int nbins, const int bins_per_block,
                                   const int* __restrict__ input, size_t array_size) {
  extern __shared__ int smem[];
  namespace cg = cooperative_groups;
  long long tid = cg::this_grid().thread_rank();
  cg::cluster_group cluster = cg::this_cluster();
  unsigned int clusterBlockRank = cluster.block_rank();

  for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x) smem[i] = 0;
  // Every block of the cluster has zeroed its part before anyone adds to it.
  cluster.sync();

  for (long long i = tid; i < static_cast<long long>(array_size);
       i += static_cast<long long>(blockDim.x) * gridDim.x) {
    int binid = BinOf(input[i], nbins);
    int dst_block_rank = binid / bins_per_block;
    int dst_offset = binid % bins_per_block;
    int* dst_smem = cluster.map_shared_rank(smem, dst_block_rank);
    atomicAdd(dst_smem + dst_offset, 1);
  }
  // All additions are done, and no block exits (freeing its shared memory) while another may
  // still be adding to it.
  cluster.sync();

  // Each block adds its own slice to the histogram: its slice starts at its rank times
  // bins_per_block (without that offset every block would add into the first slice). When
  // nbins is not a multiple of the cluster size, the last slice runs past nbins.
  int* lbins = bins + clusterBlockRank * bins_per_block;
  for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x)
    if (static_cast<int>(clusterBlockRank) * bins_per_block + i < nbins)
      atomicAdd(&lbins[i], smem[i]);
}
// [doc:cluster]
