#pragma once
// Kernels that exercise the emulator's features; each gives a wrong result if its feature is
// wrong. Included by simt_test.cpp inside namespace emulated (host compiler only).
#include <simt/kernel.hpp>

// Every thread of a 3D grid of 3D blocks writes its global linear index and its coordinates.
__global__ void WriteIndices(unsigned* linear, unsigned* coordinates) {
  unsigned block = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
  unsigned thread = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
  unsigned threads_per_block = blockDim.x * blockDim.y * blockDim.z;
  unsigned global = block * threads_per_block + thread;
  linear[global] = global;
  unsigned* c = coordinates + 12 * global;
  c[0] = threadIdx.x; c[1] = threadIdx.y; c[2] = threadIdx.z;
  c[3] = blockIdx.x;  c[4] = blockIdx.y;  c[5] = blockIdx.z;
  c[6] = blockDim.x;  c[7] = blockDim.y;  c[8] = blockDim.z;
  c[9] = gridDim.x;   c[10] = gridDim.y;  c[11] = gridDim.z;
}

// Each thread reads its right neighbour's value after a barrier: without a working barrier
// (all threads written before any reads) the result is wrong.
__global__ void RotateLeftThroughGlobal(const int* in, int* scratch, int* out) {
  unsigned n = blockDim.x;
  unsigned base = blockIdx.x * n;
  scratch[base + threadIdx.x] = in[base + threadIdx.x] * 2;
  __syncthreads();
  out[base + threadIdx.x] = scratch[base + (threadIdx.x + 1) % n];
}

// A tree reduction over a block through a global scratch array: log2(blockDim.x) barriers.
__global__ void TreeSum(const float* in, float* scratch, float* out) {
  unsigned tid = threadIdx.x;
  unsigned base = blockIdx.x * blockDim.x;
  scratch[base + tid] = in[base + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) scratch[base + tid] += scratch[base + tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = scratch[base];
}

// __syncthreads_count / _and / _or return the same value to every thread.
__global__ void CountPredicates(int* counts, int* ands, int* ors) {
  unsigned tid = threadIdx.x;
  int count = __syncthreads_count(tid % 3 == 0);
  int all = __syncthreads_and(tid < blockDim.x);
  int any = __syncthreads_or(tid == 5);
  counts[tid] = count;
  ands[tid] = all;
  ors[tid] = any;
}

// Threads 0-63 reach the barrier; threads 64 and above skip it and exit: a divergent barrier.
__global__ void BarrierSkippedByExitedThreads(int* out) {
  if (threadIdx.x < 64) {
    __syncthreads();
    out[threadIdx.x] = 1;
  }
}

// Odd and even threads wait at different barriers: hangs on a GPU.
__global__ void BarrierInBothBranches(int* out) {
  if (threadIdx.x % 2) {
    out[threadIdx.x] = 1;
    __syncthreads();
  } else {
    out[threadIdx.x] = 2;
    __syncthreads();
  }
}

// Global atomics from every thread of many blocks.
__global__ void CountWithAtomics(int* counter, float* sum, unsigned* bins) {
  atomicAdd(counter, 1);
  atomicAdd(sum, 0.5f);
  atomicAdd(&bins[threadIdx.x % 4], 1u);
}
