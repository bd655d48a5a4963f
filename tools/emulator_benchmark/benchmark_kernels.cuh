#pragma once
// The kernels emulator_benchmark times: a shared-memory tree reduction with its barriers in the
// kernel, and the same reduction with its barriers in a __device__ helper (on the emulator, both
// run as loops over the block's threads: the helper with its kernel, since every thread calls it
// alike).

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

__device__ void TreeSumInShared(float* partial, unsigned tid) {
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) partial[tid] += partial[tid + s];
    __syncthreads();
  }
}

__global__ void BlockSumThroughHelper(const float* in, float* out) {
  extern __shared__ float partial[];
  unsigned tid = threadIdx.x;
  partial[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  TreeSumInShared(partial, tid);
  if (tid == 0) out[blockIdx.x] = partial[0];
}

// A warp-shuffle tree, `rounds` times over: each warp sums its 32 values with 5
// __shfl_down_sync, no shared memory and no block barrier (on the emulator, 5 warp collectives
// per lane and round). Lane 0 writes `rounds` times the sum. Every lane reaches the shuffles
// alike, with one mask, so on the emulator the kernel runs as loops over the block's threads.
__global__ void WarpSum(const float* in, float* out, int rounds) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float total = 0;
  for (int r = 0; r < rounds; ++r) {
    float v = in[i];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    total += v;
  }
  if (threadIdx.x % 32 == 0) out[i / 32] = total;
}

// The same with its count read from memory: on the emulator a coroutine per thread, each lane
// suspending at each shuffle.
__global__ void WarpSumAsCoroutines(const float* in, float* out, const int* rounds) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float total = 0;
  for (int r = 0; r < *rounds; ++r) {
    float v = in[i];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    total += v;
  }
  if (threadIdx.x % 32 == 0) out[i / 32] = total;
}

// `rounds` block barriers with nothing between them: what one __syncthreads() adds. Every
// thread reaches them alike, so on the emulator the kernel runs as loops over the block's
// threads (the translation's block loops).
__global__ void Barriers(float* out, int rounds) {
  for (int r = 0; r < rounds; ++r) __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = static_cast<float>(rounds);
}

// The same with the count read from memory: the translation cannot know that every thread
// reads the same, so on the emulator each thread is a coroutine that suspends at each barrier.
__global__ void BarriersAsCoroutines(float* out, const int* rounds) {
  for (int r = 0; r < *rounds; ++r) __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = static_cast<float>(*rounds);
}

// No barrier, no collective: each thread one element, as most kernels are written. On the
// emulator a plain function, its threads called one after another.
__global__ void VecAdd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
