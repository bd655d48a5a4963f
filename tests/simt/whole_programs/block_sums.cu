// The sum of each block of 256 values, in shared memory: a plain CUDA program as a learner
// writes one, with one bug. The tree's steps need a barrier between them, and the loop has
// none: a thread reads a partial sum its neighbour may not have written yet. On a GPU the
// result is often right anyway; on the emulator the race is reported, with both threads and
// lines, and the program's own checkCudaErrors sees the launch fail.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "check_cuda.h"

constexpr int kBlock = 256;

__global__ void blockSums(const float* input, float* sums) {
  __shared__ float partial[kBlock];
  partial[threadIdx.x] = input[blockIdx.x * kBlock + threadIdx.x];
  __syncthreads();
  for (unsigned stride = kBlock / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    // The bug: no __syncthreads() here.
  }
  if (threadIdx.x == 0) sums[blockIdx.x] = partial[0];
}

int main() {
  const int blocks = 1000;
  std::vector<float> input(blocks * kBlock);
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<float>(i % 7);
  float* d_input = nullptr;
  float* d_sums = nullptr;
  checkCudaErrors(cudaMalloc(&d_input, input.size() * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_sums, blocks * sizeof(float)));
  checkCudaErrors(
      cudaMemcpy(d_input, input.data(), input.size() * sizeof(float), cudaMemcpyHostToDevice));
  blockSums<<<blocks, kBlock>>>(d_input, d_sums);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());
  std::vector<float> sums(blocks);
  checkCudaErrors(cudaMemcpy(sums.data(), d_sums, blocks * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int b = 0; b < blocks; ++b) {
    float expected = 0;
    for (int i = 0; i < kBlock; ++i) expected += input[b * kBlock + i];
    if (sums[b] != expected) ++wrong;
  }
  std::printf("%d of %d block sums differ from the CPU's\n", wrong, blocks);
  return wrong == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
