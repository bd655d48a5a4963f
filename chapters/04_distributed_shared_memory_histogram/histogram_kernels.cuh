#pragma once
// Chapter 04 kernels: three ways to build a histogram, the last one the guide's
// distributed-shared-memory kernel, a warp-aggregated form of the first two, and the global one
// with a cache of hot bins in shared memory. Compiled by nvcc for the GPU and by the host
// compiler for the CPU emulator.
#include "hot_bins.hpp"

#include <cooperative_groups.h>

// [doc:bin-of]
// As in the guide, values outside [0, nbins) count in the first or the last bin.
__device__ __forceinline__ int BinOf(int value, int nbins) {
  return value < 0 ? 0 : (value >= nbins ? nbins - 1 : value);
}
// [doc:bin-of]

// [doc:count]
// Adds 1 to `*counter` for every lane of the warp that passes one (a null counter adds
// nothing). Lanes with the same counter find each other with __match_any_sync, and only the
// lowest of them adds their number: one atomic instead of up to 32 on the same address. The
// match itself costs more the more distinct counters the warp holds.
__device__ __forceinline__ void AddOncePerWarp(int* counter) {
  unsigned long long address = reinterpret_cast<unsigned long long>(counter);
  unsigned peers = __match_any_sync(0xffffffffu, address);
  unsigned lane = threadIdx.x % 32;
  if (counter != nullptr && lane == static_cast<unsigned>(__ffs(peers) - 1))
    atomicAdd(counter, __popc(peers));
}

// Values i to i + 3 of the input (those past n read as 0) with one 16-byte load where all four
// exist. `input` is 16-byte aligned and i a multiple of 4.
__device__ __forceinline__ int4 LoadFour(const int* __restrict__ input, long long i, long long n) {
  if (i + 3 < n) return reinterpret_cast<const int4*>(input)[i / 4];
  int4 v = make_int4(0, 0, 0, 0);
  if (i < n) v.x = input[i];
  if (i + 1 < n) v.y = input[i + 1];
  if (i + 2 < n) v.z = input[i + 2];
  return v;
}

// Counts the whole input, grid-stride, four values per lane per step: one 16-byte load keeps
// four times the bytes in flight of a 4-byte one, and loads are what the kernel waits for (on an
// H100, 69% of the stalls of the one-value loop were for global loads). Each value adds one to
// its counter: one atomic, or with WarpAggregated one per distinct counter of the warp. Every
// lane of a warp runs the loop the same number of times (blockDim.x is a multiple of 32), so
// all 32 lanes reach __match_any_sync together, as its full mask requires.
template <bool WarpAggregated>
__device__ void CountAll(int* histogram, int nbins, const int* __restrict__ input, long long n) {
  long long nquads = (n + 3) / 4;  // the last one may be partial
  long long stride = static_cast<long long>(blockDim.x) * gridDim.x;
  long long lane = threadIdx.x % 32;
  for (long long warp_start = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x - lane;
       warp_start < nquads; warp_start += stride) {
    long long i = 4 * (warp_start + lane);  // the lane's first value
    const int4 v = LoadFour(input, i, n);
    const int values[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      int* counter = i + k < n ? &histogram[BinOf(values[k], nbins)] : nullptr;
      if constexpr (WarpAggregated)
        AddOncePerWarp(counter);
      else if (counter != nullptr)
        atomicAdd(counter, 1);
    }
  }
}
// [doc:count]

// [doc:global]
// Every element is one atomicAdd to device memory: simple, and slow when many threads hit the
// same bins (the atomics to one address serialise in L2). Warp aggregation helps there.
template <bool WarpAggregated>
__global__ void HistogramGlobal(int* bins, int nbins, const int* __restrict__ input, long long n) {
  CountAll<WarpAggregated>(bins, nbins, input, n);
}
// [doc:global]

// [doc:shared]
// Each block counts into its own copy of the whole histogram in shared memory (fast atomics
// near the SM), then adds its counts to the histogram in device memory once.
template <bool WarpAggregated>
__global__ void HistogramShared(int* bins, int nbins, const int* __restrict__ input, long long n) {
  extern __shared__ int smem[];
  for (int i = threadIdx.x; i < nbins; i += blockDim.x) smem[i] = 0;
  __syncthreads();
  CountAll<WarpAggregated>(smem, nbins, input, n);
  __syncthreads();
  for (int i = threadIdx.x; i < nbins; i += blockDim.x) {
    int count = smem[i];
    if (count != 0) atomicAdd(&bins[i], count);
  }
}
// [doc:shared]

// [doc:hot]
// The slot of `bin` in the hot-bin cache: the top bits of bin times 2^32 / golden ratio
// (Fibonacci hashing). Hot bins are often a power of two apart; bin % kHotSlots would put 0,
// 16384, 32768 and 49152 all in slot 0, where this spreads them.
__device__ __forceinline__ int HotSlot(int bin) {
  return static_cast<int>((static_cast<unsigned>(bin) * 2654435769u) >> (32 - kHotSlotBits));
}

// The global kernel with a cache of hot bins in front of it: a direct-mapped table in each
// block's shared memory. A value whose bin is cached adds to the block's counter in shared
// memory, where atomics on one address are served near the SM instead of queueing in L2; every
// other value adds to device memory. Each block then adds its cached counts to the histogram
// once, as HistogramShared does.
__global__ void HistogramHotCached(int* bins, int nbins, const HotBins hot,
                                   const int* __restrict__ input, long long n) {
  __shared__ int owner[kHotSlots];  // index in hot of the bin a slot holds
  __shared__ int tag[kHotSlots];    // the bin a slot holds, or -1
  __shared__ int count[kHotSlots];  // this block's count of that bin
  for (int s = threadIdx.x; s < kHotSlots; s += blockDim.x) {
    owner[s] = kMaxHotBins;
    count[s] = 0;
  }
  __syncthreads();
  // Where hot bins share a slot, the most frequent (first in hot) takes it: a collision costs
  // the others their place in the cache, never a count.
  for (int h = threadIdx.x; h < hot.count; h += blockDim.x)
    atomicMin(&owner[HotSlot(hot.bins[h])], h);
  __syncthreads();
  for (int s = threadIdx.x; s < kHotSlots; s += blockDim.x)
    tag[s] = owner[s] < hot.count ? hot.bins[owner[s]] : -1;
  // The table is complete before any thread looks a bin up in it.
  __syncthreads();

  long long stride = 4ll * blockDim.x * gridDim.x;
  for (long long i = 4 * (static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x); i < n;
       i += stride) {
    const int4 v = LoadFour(input, i, n);
    const int values[4] = {v.x, v.y, v.z, v.w};
#pragma unroll
    for (int k = 0; k < 4; ++k) {
      if (i + k >= n) break;
      int bin = BinOf(values[k], nbins);
      int slot = HotSlot(bin);
      if (tag[slot] == bin)
        atomicAdd(&count[slot], 1);
      else
        atomicAdd(&bins[bin], 1);
    }
  }
  // Every thread has counted before the block reads its counters.
  __syncthreads();
  for (int s = threadIdx.x; s < kHotSlots; s += blockDim.x)
    if (count[s] != 0) atomicAdd(&bins[tag[s]], count[s]);
}
// [doc:hot]

// The four variants the launch code names (the emulator registers template kernels through
// their explicit instantiations).
template __global__ void HistogramGlobal<false>(int*, int, const int* __restrict__, long long);
template __global__ void HistogramGlobal<true>(int*, int, const int* __restrict__, long long);
template __global__ void HistogramShared<false>(int*, int, const int* __restrict__, long long);
template __global__ void HistogramShared<true>(int*, int, const int* __restrict__, long long);

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
