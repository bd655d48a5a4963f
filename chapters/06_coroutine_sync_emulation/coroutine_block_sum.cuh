#pragma once
// Chapter 06: one function body that is a __syncthreads() reduction on the GPU and a set of
// coroutines on the host. nvcc compiles every __host__ __device__ function twice: for the
// device (__CUDA_ARCH__ defined) and for the host. Two macros pick the barrier and the return
// type for each pass; the device pass never sees a coroutine (nvcc would refuse it).

// [doc:two-passes]
#if defined(__CUDA_ARCH__)
#define BLOCK_THREAD void
#define SYNC_THREADS() __syncthreads()
#else
#include "thread_task.hpp"
#define BLOCK_THREAD ::coroutine_sync::ThreadTask
#define SYNC_THREADS() co_await ::coroutine_sync::Barrier(std::source_location::current())
#endif
// [doc:two-passes]

// [doc:block-sum]
// Sums shared[0 .. n) into shared[0]; thread `tid` of `n` (a power of two) does its part.
__host__ __device__ BLOCK_THREAD block_sum(float* shared, unsigned tid, unsigned n) {
  for (unsigned s = n / 2; s > 0; s >>= 1) {
    if (tid < s) shared[tid] += shared[tid + s];
    SYNC_THREADS();
  }
}
// [doc:block-sum]

// [doc:divergent]
// The same sum with a bug: threads of the upper half return after the first step, so the
// lower half waits at barriers the upper half never reaches (on a GPU: undefined behaviour).
__host__ __device__ BLOCK_THREAD divergent_block_sum(float* shared, unsigned tid, unsigned n) {
  for (unsigned s = n / 2; s > 0; s >>= 1) {
    if (tid < s) shared[tid] += shared[tid + s];
    if (tid >= n / 2 && s < n / 2) break;  // the upper half stops waiting
    SYNC_THREADS();
  }
}
// [doc:divergent]

// The last thread waits at one barrier more than the others (also a bug): it shows what a runner
// does when one thread outlives the rest.
__host__ __device__ BLOCK_THREAD last_thread_waits_longer(float* shared, unsigned tid, unsigned n) {
  for (unsigned s = n / 2; s > 0; s >>= 1) {
    if (tid < s) shared[tid] += shared[tid + s];
    SYNC_THREADS();
  }
  if (tid == n - 1) SYNC_THREADS();
}

// [doc:kernel]
// On the GPU: one block, shared memory filled from `in`, the sum in out[0].
__global__ void BlockSumFromHostDeviceFunction(const float* in, float* out) {
  extern __shared__ float shared[];
  shared[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  block_sum(shared, threadIdx.x, blockDim.x);
  if (threadIdx.x == 0) out[0] = shared[0];
}
// [doc:kernel]
