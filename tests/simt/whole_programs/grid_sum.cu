// A cooperative launch: as many blocks as the GPU keeps resident (from the occupancy
// calculator and the multiprocessor count), one grid.sync() between the blocks' partial sums
// and block 0's total.
#include <cooperative_groups.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "check_cuda.h"

namespace cg = cooperative_groups;

__global__ void gridSum(const int* input, int* partial, int* total, int n) {
  cg::grid_group grid = cg::this_grid();
  __shared__ int block_sum;
  if (threadIdx.x == 0) block_sum = 0;
  __syncthreads();
  int mine = 0;
  for (unsigned long long i = grid.thread_rank(); i < static_cast<unsigned long long>(n);
       i += grid.size())
    mine += input[i];
  atomicAdd(&block_sum, mine);
  __syncthreads();
  if (threadIdx.x == 0) partial[blockIdx.x] = block_sum;
  grid.sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    int sum = 0;
    for (unsigned b = 0; b < gridDim.x; ++b) sum += partial[b];
    *total = sum;
  }
}

int main() {
  const int device = findCudaDevice();
  int cooperative = 0;
  checkCudaErrors(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  if (!cooperative) {
    std::printf("cooperative launches are not supported: waived\n");
    return EXIT_SUCCESS;
  }
  cudaDeviceProp properties;
  checkCudaErrors(cudaGetDeviceProperties(&properties, device));
  const int threads = 256;
  int blocks_per_sm = 0;
  checkCudaErrors(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, gridSum, threads, 0));
  const int blocks = blocks_per_sm * properties.multiProcessorCount;
  const int n = 1 << 20;
  std::mt19937 random(std::random_device{}());
  std::uniform_int_distribution<int> values(-1000, 1000);
  std::vector<int> input(n);
  long long expected = 0;
  for (int& v : input) expected += v = values(random);
  int *d_input, *d_partial, *d_total;
  checkCudaErrors(cudaMalloc(&d_input, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_partial, blocks * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_total, sizeof(int)));
  checkCudaErrors(cudaMemcpy(d_input, input.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  int n_argument = n;
  void* arguments[] = {&d_input, &d_partial, &d_total, &n_argument};
  checkCudaErrors(
      cudaLaunchCooperativeKernel(reinterpret_cast<void*>(gridSum), blocks, threads, arguments));
  checkCudaErrors(cudaDeviceSynchronize());
  int total = 0;
  checkCudaErrors(cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost));
  std::printf("gridSum<<<%d, %d>>> (cooperative, %d blocks per multiprocessor): %d, CPU %lld\n",
              blocks, threads, blocks_per_sm, total, expected);
  checkCudaErrors(cudaFree(d_input));
  checkCudaErrors(cudaFree(d_partial));
  checkCudaErrors(cudaFree(d_total));
  std::printf("%s\n", total == expected ? "Test PASSED" : "Test FAILED");
  return total == expected ? EXIT_SUCCESS : EXIT_FAILURE;
}
