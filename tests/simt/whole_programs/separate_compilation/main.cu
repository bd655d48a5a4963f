// Sums weight * value over random values, the weights in a __constant__ table and the sum in a
// __device__ variable that weights.cu defines: this file's kernel reaches them across files.
#include <cstdio>
#include <random>
#include <vector>

#include "../check_cuda.h"

extern __constant__ int weights[4];
extern __device__ unsigned long long weightedTotal;
__device__ int weightOf(int value);

__global__ void accumulate(const int* values, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&weightedTotal, static_cast<unsigned long long>(weightOf(values[i])));
}

int main() {
  findCudaDevice();
  const int n = 1 << 16;
  std::mt19937 random(std::random_device{}());
  std::uniform_int_distribution<int> value(0, 999);
  std::uniform_int_distribution<int> weight(1, 9);
  std::vector<int> values(n);
  for (int& v : values) v = value(random);
  int hostWeights[4];
  for (int& w : hostWeights) w = weight(random);

  int* deviceValues = nullptr;
  checkCudaErrors(cudaMalloc(&deviceValues, n * sizeof(int)));
  checkCudaErrors(cudaMemcpy(deviceValues, values.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemcpyToSymbol(weights, hostWeights, sizeof(hostWeights)));
  const unsigned long long zero = 0;
  checkCudaErrors(cudaMemcpyToSymbol(weightedTotal, &zero, sizeof(zero)));
  accumulate<<<64, 256>>>(deviceValues, n);
  checkCudaErrors(cudaGetLastError());
  unsigned long long total = 0;
  checkCudaErrors(cudaMemcpyFromSymbol(&total, weightedTotal, sizeof(total)));

  unsigned long long expected = 0;
  for (int v : values) expected += static_cast<unsigned long long>(hostWeights[v % 4] * v);
  std::printf("weighted sum of %d random values: %llu, the CPU's %llu\n", n, total, expected);
  checkCudaErrors(cudaFree(deviceValues));
  std::printf("Test %s\n", total == expected ? "PASSED" : "FAILED");
  return total == expected ? 0 : 1;
}
