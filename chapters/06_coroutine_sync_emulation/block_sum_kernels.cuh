#pragma once
// Chapter 06's kernel for the project's emulator (common/simt): the same block reduction the
// chapter builds by hand, written as a kernel with SIMT_EXTERN_SHARED and __syncthreads().
// tools/emulator_benchmark times it too.
#include <simt/kernel.hpp>

// [doc:block-sum]
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
// [doc:block-sum]
