#pragma once
// Chapter 06's kernel for the project's emulator (common/simt): the same block reduction the
// chapter builds by hand, written as plain CUDA, which the benchmark of the sample's CPU build
// times on the emulator beside the chapter's runners.

// [doc:block-sum]
__global__ void BlockSum(const float* in, float* out) {
  extern __shared__ float partial[];
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
