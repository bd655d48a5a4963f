#pragma once
// Bitonic sort of each block's 2 * blockDim.x keys (a power of two) in shared memory: two
// nested loops, a barrier between every pair of compare-and-swap passes.

__device__ inline void CompareAndSwap(unsigned& a, unsigned& b, bool ascending) {
  if ((a > b) == ascending) {
    unsigned t = a;
    a = b;
    b = t;
  }
}

__global__ void BitonicSortShared(unsigned* d_keys) {
  extern __shared__ unsigned s_keys[];
  const unsigned n = 2 * blockDim.x;
  unsigned* keys = d_keys + blockIdx.x * n;
  s_keys[threadIdx.x] = keys[threadIdx.x];
  s_keys[threadIdx.x + blockDim.x] = keys[threadIdx.x + blockDim.x];
  for (unsigned size = 2; size <= n; size <<= 1) {
    // Halves of the sequence sort in opposite directions, which makes each `size` bitonic.
    bool ascending = ((threadIdx.x & (size / 2)) == 0);
    for (unsigned stride = size / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      unsigned pos = 2 * threadIdx.x - (threadIdx.x & (stride - 1));
      CompareAndSwap(s_keys[pos], s_keys[pos + stride], ascending);
    }
  }
  __syncthreads();
  keys[threadIdx.x] = s_keys[threadIdx.x];
  keys[threadIdx.x + blockDim.x] = s_keys[threadIdx.x + blockDim.x];
}
