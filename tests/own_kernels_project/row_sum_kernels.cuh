#pragma once
// The learner's kernel, plain CUDA: the sum of each row of a matrix, one block per row, through
// shared memory and a __device__ helper that holds the barriers.

__device__ float SumInShared(float* partial, unsigned tid) {
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) partial[tid] += partial[tid + s];
    __syncthreads();
  }
  return partial[0];
}

__global__ void RowSums(const float* matrix, float* sums, int cols) {
  __shared__ float partial[256];
  float mine = 0.0f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) mine += matrix[blockIdx.x * cols + c];
  partial[threadIdx.x] = mine;
  __syncthreads();
  float total = SumInShared(partial, threadIdx.x);
  if (threadIdx.x == 0) sums[blockIdx.x] = total;
}
