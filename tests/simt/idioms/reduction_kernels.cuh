#pragma once
// Idioms of the classic reduction family, written as people copy them from samples: a
// SharedMemory<T> helper for `extern __shared__` of any type, block sizes as template
// parameters, fully unrolled steps, a `volatile` warp tail (with __syncwarp, as Volta and later
// need), several elements per thread, and a single-pass reduction whose last block finishes the
// job (__threadfence + atomicInc). Every kernel sums `in` into one float per block, except the
// single-pass one, which writes the total.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// `extern __shared__` arrays of one name must have one type; this helper hands out the same
// dynamic shared memory as any T.
template <class T>
struct SharedMemory {
  __device__ inline operator T*() {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
  __device__ inline operator const T*() const {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
};

// Interleaved addressing with a divergent modulo test.
template <class T>
__global__ void reduceInterleaved(const T* g_idata, T* g_odata, unsigned int n) {
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if ((tid % (2 * s)) == 0) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Sequential addressing, the first add done while loading two elements per thread.
template <class T>
__global__ void reduceFirstAddDuringLoad(const T* g_idata, T* g_odata, unsigned int n) {
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  T mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = mySum;
}

// The last 64 elements summed by one warp through volatile shared memory. Each step reads what
// other lanes wrote in the step before, so the lanes must wait for each other in between:
// independent thread scheduling (Volta and later) no longer keeps a warp in lockstep.
template <unsigned int blockSize, class T>
__device__ void warpReduce(volatile T* sdata, unsigned int tid) {
  T v = sdata[tid];
  if (blockSize >= 64) {
    v += sdata[tid + 32];
    __syncwarp();
    sdata[tid] = v;
    __syncwarp();
  }
  for (unsigned int offset = 16; offset > 0; offset >>= 1) {
    v += sdata[tid + offset];
    __syncwarp();
    sdata[tid] = v;
    __syncwarp();
  }
}

// Completely unrolled for a block size known at compile time.
template <unsigned int blockSize, class T>
__global__ void reduceUnrolled(const T* g_idata, T* g_odata, unsigned int n) {
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + tid;
  T mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockSize < n) mySum += g_idata[i + blockSize];
  sdata[tid] = mySum;
  __syncthreads();
  if (blockSize >= 512) {
    if (tid < 256) sdata[tid] = mySum = mySum + sdata[tid + 256];
    __syncthreads();
  }
  if (blockSize >= 256) {
    if (tid < 128) sdata[tid] = mySum = mySum + sdata[tid + 128];
    __syncthreads();
  }
  if (blockSize >= 128) {
    if (tid < 64) sdata[tid] = mySum = mySum + sdata[tid + 64];
    __syncthreads();
  }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Many elements per thread (a grid-stride loop), then the unrolled block reduction, written
// with cooperative groups.
template <unsigned int blockSize, bool nIsPow2, class T>
__global__ void reduceMultiplePerThread(const T* g_idata, T* g_odata, unsigned int n) {
  cg::thread_block cta = cg::this_thread_block();
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  T mySum = 0;
  if (nIsPow2) {
    for (unsigned int i = blockIdx.x * blockSize * 2 + threadIdx.x; i < n; i += gridSize) {
      mySum += g_idata[i];
      if (i + blockSize < n) mySum += g_idata[i + blockSize];
    }
  } else {
    for (unsigned int i = blockIdx.x * blockSize + threadIdx.x; i < n; i += blockSize * gridDim.x)
      mySum += g_idata[i];
  }
  sdata[tid] = mySum;
  cg::sync(cta);
#pragma unroll
  for (unsigned int s = blockSize / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    cg::sync(cta);
  }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// A block's sum left in sdata[0], by a __device__ function that holds the barriers.
template <unsigned int blockSize>
__device__ void reduceBlock(volatile float* sdata, float mySum, unsigned int tid) {
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockSize / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = mySum = mySum + sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) warpReduce<blockSize>(sdata, tid);
  __syncthreads();
}

// One pass: each block writes its partial sum, makes it visible to the whole device
// (__threadfence) and counts itself done; the block that counts last adds the partial sums.
__device__ unsigned int retirementCount = 0;

template <unsigned int blockSize>
__global__ void reduceSinglePass(const float* g_idata, float* g_partial, float* g_total,
                                 unsigned int n) {
  __shared__ float sdata[blockSize];
  __shared__ bool amLast;
  unsigned int tid = threadIdx.x;
  float mySum = 0;
  for (unsigned int i = blockIdx.x * blockSize + tid; i < n; i += blockSize * gridDim.x)
    mySum += g_idata[i];
  reduceBlock<blockSize>(sdata, mySum, tid);
  if (tid == 0) {
    g_partial[blockIdx.x] = sdata[0];
    __threadfence();
    unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
    amLast = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (amLast) {
    float total = 0;
    for (unsigned int i = tid; i < gridDim.x; i += blockSize) total += g_partial[i];
    reduceBlock<blockSize>(sdata, total, tid);
    if (tid == 0) {
      g_total[0] = sdata[0];
      retirementCount = 0;
    }
  }
}

// The instantiations the tests launch (an emulator launch from CUDA code finds a template
// kernel's twin through its explicit instantiation).
template __global__ void reduceInterleaved<float>(const float*, float*, unsigned int);
template __global__ void reduceInterleaved<int>(const int*, int*, unsigned int);
template __global__ void reduceFirstAddDuringLoad<float>(const float*, float*, unsigned int);
template __global__ void reduceUnrolled<128, float>(const float*, float*, unsigned int);
template __global__ void reduceUnrolled<256, float>(const float*, float*, unsigned int);
template __global__ void reduceUnrolled<512, float>(const float*, float*, unsigned int);
template __global__ void reduceMultiplePerThread<256, true, float>(const float*, float*,
                                                                   unsigned int);
template __global__ void reduceMultiplePerThread<256, false, float>(const float*, float*,
                                                                    unsigned int);
template __global__ void reduceSinglePass<256>(const float*, float*, float*, unsigned int);
