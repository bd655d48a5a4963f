#pragma once
// The benchmark's kernel: a shared-memory tree reduction, 1 + log2(blockDim.x) barriers.
#include <simt/kernel.hpp>

__global__ void BlockSum(const float* in, float* out) {
  SIMT_EXTERN_SHARED(float, partial);
  unsigned tid = threadIdx.x;
  partial[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = partial[0];
}
