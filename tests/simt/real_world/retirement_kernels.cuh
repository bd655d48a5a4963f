#pragma once
// A single-pass sum in the style of the public samples' thread-fence reduction: every block
// writes its partial sum, and the last block to finish (counted on a __device__ variable the
// host resets) adds them up. And a half-precision axpy on pairs.
#include <cuda_fp16.h>

__device__ unsigned int retirementCount = 0;

// *total = the sum of in[0 .. n), with blockDim.x == 256.
__global__ void sumSinglePass(const float* in, float* partial, float* total, unsigned int n) {
  __shared__ float sdata[256];
  __shared__ bool amLast;
  float sum = 0;
  for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    sum += in[i];
  sdata[threadIdx.x] = sum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sdata[threadIdx.x] += sdata[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = sdata[0];
    __threadfence();
    const unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
    amLast = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (amLast) {
    float all = 0;
    for (unsigned int i = threadIdx.x; i < gridDim.x; i += blockDim.x) all += partial[i];
    sdata[threadIdx.x] = all;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
      if (threadIdx.x < s) sdata[threadIdx.x] += sdata[threadIdx.x + s];
      __syncthreads();
    }
    if (threadIdx.x == 0) {
      *total = sdata[0];
      retirementCount = 0;
    }
  }
}

// y = a * x + y on pairs of halves.
__global__ void haxpy(int n, __half a, const __half2* x, __half2* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = __hfma2(__half2half2(a), __ldg(&x[i]), y[i]);
}
