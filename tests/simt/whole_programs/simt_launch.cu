// simt::launch, the emulator's own launch function, in a whole program's host code beside the
// runtime API: it runs the kernel that the name in host code stands for, and a bug the emulator
// finds there is thrown as simt::KernelError, as from a kernel file's launch.
#include <simt/launch.hpp>

#include <cstdio>

__global__ void Square(int* values, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] *= values[i];
}

__global__ void DivideByThreadThree(int* out, int d) {
  out[threadIdx.x] = 10 / (threadIdx.x == 3 ? 0 : d);
}

int main() {
  const int n = 1000;
  int* values = nullptr;
  if (cudaMallocManaged(&values, n * sizeof(int)) != cudaSuccess) return 2;
  for (int i = 0; i < n; ++i) values[i] = i;
  simt::launch(4, 256, Square, values, n);
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += values[i] != i * i;
  std::printf("simt::launch squared %d values: %d differ from the CPU's\n", n, wrong);
  try {
    simt::launch(1, 64, DivideByThreadThree, values, 5);
    std::puts("no report");
  } catch (const simt::KernelError& e) {
    std::printf("reported: %s\n", e.what());
  }
  cudaFree(values);
  return wrong == 0 ? 0 : 1;
}
