// Kernels and their launch functions: a __constant__ table written with cudaMemcpyToSymbol, a
// template kernel with aligned shared memory, chosen through a function-pointer variable, a
// __device__ helper, device printf, a host template instantiated explicitly for main.cpp, a
// member function of the header's class, and a class template's member template. The file has
// an include guard of its own, as some collections' .cu files have.
#ifndef SCALED_SUMS_CU
#define SCALED_SUMS_CU
#include <cstdio>

#include "../check_cuda.h"
#include "scaled_sums.h"

__constant__ float coefficients[4];

__device__ float scaled(const float* input, int i) { return input[i] * coefficients[i % 4]; }

template <int BlockSize>
__global__ void scaledSums(const float* input, float* sums, int n) {
  // Alignment written after __shared__, as NVIDIA's samples write it (nvcc takes either order).
  __shared__ alignas(16) float partial[BlockSize];
  const int i = blockIdx.x * BlockSize + threadIdx.x;
  partial[threadIdx.x] = i < n ? scaled(input, i) : 0.0f;
  __syncthreads();
  for (unsigned stride = BlockSize / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) sums[blockIdx.x] = partial[0];
  if (blockIdx.x == 0 && threadIdx.x == 0)
    printf("scaledSums<%d>: block 0 of %d sums to %.3f\n", BlockSize, gridDim.x, partial[0]);
}

extern "C" void setCoefficients(const float* values) {
  checkCudaErrors(cudaMemcpyToSymbol(coefficients, values, 4 * sizeof(float)));
}

extern "C" const int kLargestBlock = 256;

extern "C" void launchScaledSums(const float* input, float* sums, int n, int block_size) {
  void (*kernel)(const float*, float*, int) = block_size == 128 ? scaledSums<128> : scaledSums<256>;
  const int blocks = BlockCover{n}.blocks(block_size);
  kernel<<<blocks, block_size>>>(input, sums, n);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());
}

// Host code as a numeric library's headers write it: a member template of a class template,
// defined outside both after two template heads (the kernels' copy must drop both heads).
template <class T>
struct CeilingOf {
  T numerator;
  template <int Denominator>
  T over() const;
};

template <class T>
template <int Denominator>
T CeilingOf<T>::over() const {
  return (numerator + Denominator - 1) / Denominator;
}

template <int BlockSize>
void launchScaledSumsOf(const float* input, float* sums, int n) {
  const int blocks = CeilingOf<int>{n}.template over<BlockSize>();
  scaledSums<BlockSize><<<blocks, BlockSize>>>(input, sums, n);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());
}

template void launchScaledSumsOf<128>(const float* input, float* sums, int n);
template void launchScaledSumsOf<256>(const float* input, float* sums, int n);

std::string BlockCover::describe(int block_size) const {
  return report::count_of(blocks(block_size), "block sums");
}
#endif
