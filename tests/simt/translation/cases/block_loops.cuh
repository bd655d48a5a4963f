// Kernels whose __syncthreads() the whole block reaches alike become loops over the block's
// threads (rewrites/block_loops.py); the others stay coroutines.

// Runs as loops: a thread's own variables that cross a barrier (tid, mine) move into its record,
// `s` and `n` are the block's (uniform), a thread that returns early leaves the loops.
__global__ void SumTree(const float* in, float* out, int count) {
  __shared__ float partial[256];
  unsigned tid = threadIdx.x;
  const unsigned n = blockDim.x;
  if (blockIdx.x * n + tid >= static_cast<unsigned>(count)) return;
  float mine = in[blockIdx.x * n + tid];
  partial[tid] = mine;
  __syncthreads();
  for (unsigned s = n / 2; s > 0; s >>= 1) {
    if (tid < s) partial[tid] += partial[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = partial[0] + mine - mine;
}

// Stays a coroutine: the barrier is under a condition that depends on the thread.
__global__ void BarrierUnderThreadCondition(float* data) {
  if (threadIdx.x < 16) {
    data[threadIdx.x] += 1.0f;
    __syncthreads();
  }
}

// Stays a coroutine: the loop's bound is read from memory.
__global__ void BoundFromMemory(const int* rounds, float* data) {
  for (int r = 0; r < *rounds; ++r) {
    data[threadIdx.x] += 1.0f;
    __syncthreads();
  }
}

// Runs as loops: each thread changes its own copy of a parameter, which its record holds.
__global__ void ChangesItsParameter(float* data, int step) {
  step += threadIdx.x;
  __syncthreads();
  data[threadIdx.x] = static_cast<float>(step);
}

// Runs as loops: the statements before the loop and those it begins with run as two passes
// over the threads, in another order than one thread after another, which no race-free kernel
// can tell.
__global__ void LoopAfterAccesses(float* data) {
  data[threadIdx.x] = 1.0f;
  int half = blockDim.x / 2;
  for (int i = 0; i < half; ++i) {
    data[threadIdx.x + blockDim.x] += 2.0f;
    __syncthreads();
  }
}

// Stays a coroutine: the same with atomics on both sides, whose old values would show the order.
__global__ void LoopAfterAtomics(int* counter, int* seen) {
  seen[threadIdx.x] = atomicAdd(counter, 1);
  for (int i = 0; i < 2; ++i) {
    seen[threadIdx.x + blockDim.x] = atomicAdd(counter, 1);
    __syncthreads();
  }
}

// Runs as loops: a thread block's sync is its barrier (the group it is called on goes with
// the call), in a template whose parameter is a bound.
#include <cooperative_groups.h>
template <int Rounds>
__global__ void RoundsThroughGroups(float* data) {
  cooperative_groups::thread_block block = cooperative_groups::this_thread_block();
  for (int r = 0; r < Rounds; ++r) {
    data[block.thread_rank()] += 1.0f;
    block.sync();
    cooperative_groups::sync(block);
  }
}
template __global__ void RoundsThroughGroups<3>(float*);

// Runs as loops: a `#pragma unroll` above the first loop of a run stays with the loop, inside
// the run's lambda.
__global__ void UnrolledAfterBarrier(float* data) {
  __shared__ float staged[128];
  staged[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
#pragma unroll 4
  for (int k = 0; k < 8; ++k) data[threadIdx.x] += staged[(threadIdx.x + k) % 128];
}

// Runs as loops: the uniform `k` goes by value to a function, which cannot change it.
__device__ float Scaled(float v, unsigned k) { return v * static_cast<float>(k); }
__global__ void UniformByValue(float* data) {
  for (unsigned k = 1; k < blockDim.x; k *= 2) {
    data[threadIdx.x] = Scaled(data[threadIdx.x], k);
    __syncthreads();
  }
}

// Stays a coroutine: the same `k` by reference, which the function may change.
__device__ float Bumped(float v, unsigned& k) { return v + static_cast<float>(k); }
__global__ void UniformByReference(float* data) {
  for (unsigned k = 1; k < blockDim.x; k *= 2) {
    data[threadIdx.x] = Bumped(data[threadIdx.x], k);
    __syncthreads();
  }
}

// Stays a coroutine: one statement halves the block's `s` and changes a thread's own `mine`, so
// it is each thread's, which would halve `s` once per thread.
__global__ void UniformAndOwnChangeInOneStatement(float* data) {
  float mine = data[threadIdx.x];
  for (unsigned s = blockDim.x; s > 1;) {
    __syncthreads();
    s >>= 1, mine += 1.0f;
  }
  data[threadIdx.x] = mine;
}
