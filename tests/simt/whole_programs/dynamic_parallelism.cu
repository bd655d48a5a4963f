// Dynamic parallelism: kernels that launch kernels. A sum splits its range in two until a range
// fits one block, each half launched by the kernel itself from a __device__ function, into a
// stream created in device code, with dynamic shared memory; the leaves reduce in shared memory
// with barriers and add to the total. Built with -rdc=true (nvcc needs it for device launches).
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "check_cuda.h"

constexpr int kLeaf = 256;  // a range of at most kLeaf values is summed by one block

__device__ unsigned long long g_launches;  // every grid of the tree, the first one too

__global__ void sumRange(const int* values, int n, long long* total);

__device__ void launchHalf(const int* values, int n, long long* total) {
  cudaStream_t stream;
  cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
  sumRange<<<1, kLeaf, kLeaf * sizeof(long long), stream>>>(values, n, total);
  const cudaError_t launched = cudaGetLastError();
  if (launched != cudaSuccess) printf("launch failed: %s\n", cudaGetErrorString(launched));
  cudaStreamDestroy(stream);
}

__global__ void sumRange(const int* values, int n, long long* total) {
  if (threadIdx.x == 0) atomicAdd(&g_launches, 1ull);
  if (n > kLeaf) {
    if (threadIdx.x == 0) {
      launchHalf(values, n / 2, total);
      launchHalf(values + n / 2, n - n / 2, total);
    }
    return;
  }
  extern __shared__ long long partial[];
  partial[threadIdx.x] = static_cast<int>(threadIdx.x) < n ? values[threadIdx.x] : 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(reinterpret_cast<unsigned long long*>(total), partial[0]);
}

// The grids the tree launches for n values, counted on the host.
unsigned long long treeGrids(int n) {
  return n > kLeaf ? 1 + treeGrids(n / 2) + treeGrids(n - n / 2) : 1;
}

int main() {
  const int n = 100003;
  std::mt19937 random(std::random_device{}());
  std::uniform_int_distribution<int> pick(-1000, 1000);
  std::vector<int> values(n);
  long long expected = 0;
  for (int& v : values) expected += v = pick(random);
  int* d_values;
  long long* d_total;
  checkCudaErrors(cudaMalloc(&d_values, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_total, sizeof(long long)));
  checkCudaErrors(cudaMemcpy(d_values, values.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  checkCudaErrors(cudaMemset(d_total, 0, sizeof(long long)));
  sumRange<<<1, kLeaf, kLeaf * sizeof(long long)>>>(d_values, n, d_total);
  checkCudaErrors(cudaGetLastError());
  // The parent grid is complete when its children are: one synchronisation waits for the tree.
  checkCudaErrors(cudaDeviceSynchronize());
  long long total = 0;
  unsigned long long launches = 0;
  checkCudaErrors(cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpyFromSymbol(&launches, g_launches, sizeof launches));
  checkCudaErrors(cudaFree(d_values));
  checkCudaErrors(cudaFree(d_total));
  std::printf(
      "sumRange over %d values: %llu grids (the CPU counts %llu), sum %lld (the CPU's %lld)\n", n,
      launches, treeGrids(n), total, expected);
  const bool passed = total == expected && launches == treeGrids(n);
  std::printf("Test %s\n", passed ? "PASSED" : "FAILED");
  return passed ? EXIT_SUCCESS : EXIT_FAILURE;
}
