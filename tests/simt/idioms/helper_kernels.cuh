#pragma once
// Idioms of device code organised in functions: barriers three calls deep, a __host__
// __device__ helper, a generic cooperative-groups function taking any thread_group, a
// __syncthreads_count vote with a shared-atomic compaction into int2 pairs, and a float
// maximum built from atomicCAS on the float's bits.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

// Depth 3: a barrier, then one step of a tree sum.
__device__ void barrierThenAdd(int* s, unsigned tid, unsigned k) {
  __syncthreads();
  if (tid < k) s[tid] += s[tid + k];
}
// Depth 2: the tree sum of s[0 .. n), n a power of two; every thread gets the total.
__device__ int blockTreeSum(int* s, unsigned tid, unsigned n) {
  for (unsigned k = n / 2; k > 0; k >>= 1) barrierThenAdd(s, tid, k);
  __syncthreads();
  return s[0];
}
__host__ __device__ inline int squared(int v) { return v * v; }
// Depth 1: the sum of the squares of a block's inputs.
__device__ int sumOfSquares(int* s, const int* in, unsigned tid) {
  s[tid] = squared(in[tid]);
  return blockTreeSum(s, tid, blockDim.x);
}
__global__ void SumOfSquaresThroughHelpers(const int* in, int* out) {
  extern __shared__ int s_squares[];
  int total = sumOfSquares(s_squares, in + blockIdx.x * blockDim.x, threadIdx.x);
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}

// Any group: each member's value summed in s[0 .. g.size()), two syncs per step.
__device__ int groupSum(cg::thread_group g, int* s, int value) {
  unsigned rank = g.thread_rank();
  s[rank] = value;
  g.sync();
  for (unsigned k = g.size() / 2; k > 0; k >>= 1) {
    int other = rank < k ? s[rank + k] : 0;
    g.sync();
    if (rank < k) s[rank] = cg::plus<int>()(s[rank], other);
    g.sync();
  }
  int total = s[0];
  g.sync();
  return total;
}
__global__ void GroupSumOfBlock(const int* in, int* out) {
  extern __shared__ int s_group[];
  cg::thread_block block = cg::this_thread_block();
  int total = groupSum(block, s_group, in[blockIdx.x * blockDim.x + block.thread_rank()]);
  if (block.thread_rank() == 0) out[blockIdx.x] = total;
}

// The values above `threshold`, each with its index, gathered at the front of the block's part
// of `kept` (in no particular order); counts[blockIdx.x] = how many, by a barrier that votes.
__global__ void KeepAboveThreshold(const int* in, int2* kept, int* counts, int threshold) {
  __shared__ int s_next;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int value = in[i];
  bool keep = value > threshold;
  if (threadIdx.x == 0) s_next = 0;
  int total = __syncthreads_count(keep);
  if (keep) {
    int slot = atomicAdd(&s_next, 1);
    kept[blockIdx.x * blockDim.x + slot] = make_int2(i, value);
  }
  if (threadIdx.x == 0) counts[blockIdx.x] = total;
}

// max(*address, value) for floats, by compare-and-swap on the bits.
__device__ float atomicMaxFloat(float* address, float value) {
  int* bits = (int*)address;
  int old = *bits, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= value) break;
    old = atomicCAS(bits, assumed, __float_as_int(value));
  } while (assumed != old);
  return __int_as_float(old);
}
__global__ void MaxOfAll(const float* in, float* result, int n) {
  __shared__ float s_max;
  if (threadIdx.x == 0) s_max = -INFINITY;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicMaxFloat(&s_max, in[i]);
  __syncthreads();
  if (threadIdx.x == 0) atomicMaxFloat(result, s_max);
}
