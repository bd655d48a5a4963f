// A host file, compiled by the C++ compiler, that calls a library's CUDA code and the runtime.
#include <cuda_runtime.h>

#include <cstdio>
#include <random>
#include <vector>

#include "scale/scale.h"

int main() {
  const int n = 5000;
  std::mt19937 random(std::random_device{}());
  std::uniform_real_distribution<float> value(-100.0f, 100.0f);
  std::vector<float> data(n);
  for (float& x : data) x = value(random);
  float* device_data = nullptr;
  if (cudaMallocManaged(&device_data, n * sizeof(float)) != cudaSuccess) return 1;
  for (int i = 0; i < n; ++i) device_data[i] = data[i];
  scale_on_device(device_data, n, 3.0f);
  cudaError_t status = cudaDeviceSynchronize();
  int wrong = 0;
  // The same two float products in the same order: the same value, bit for bit.
  for (int i = 0; i < n; ++i) wrong += device_data[i] != (2.0f * data[i]) * 3.0f;
  std::printf("scale of %d random values (%s): %s\n", n, cudaGetErrorString(status),
              wrong || status != cudaSuccess ? "FAILED" : "PASSED");
  cudaFree(device_data);
  return wrong || status != cudaSuccess ? 1 : 0;
}
