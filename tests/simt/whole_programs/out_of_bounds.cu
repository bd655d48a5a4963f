// A bug as learners write it: the grid is rounded up and the kernel has no bounds check, so the
// last block's threads write past the array. On the GPU the program's own error check may or
// may not see it; on the emulator the write is reported (kernel, block, thread, line) and the
// runtime returns cudaErrorIllegalAddress, which the program's checkCudaErrors reports.
#include <cstdio>
#include <cstdlib>

#include "check_cuda.h"

__global__ void fill(int* data, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] = value;  // no `if (i < n)`
}

int main() {
  const int n = 1000;
  int* data = nullptr;
  checkCudaErrors(cudaMalloc(&data, n * sizeof(int)));
  fill<<<(n + 255) / 256, 256>>>(data, 7);
  checkCudaErrors(cudaDeviceSynchronize());
  std::printf("no error reported\n");
  checkCudaErrors(cudaFree(data));
  return EXIT_SUCCESS;
}
