// Without relocatable device code (no -rdc=true), nvcc treats an extern __device__ variable that
// the file does not define as the file's own definition, zero-initialised (its warning 20044:
// "extern declaration of the entity ... is treated as a static definition"). This program
// counts its launches in such a variable: each launch reads the count, then adds one.
#include <cstdio>

#include "check_cuda.h"

extern __device__ unsigned launches;

__global__ void countLaunch(unsigned* seen, int launch) {
  seen[launch] = launches;
  launches += 1;
}

int main() {
  constexpr int kLaunches = 5;
  unsigned* d_seen;
  checkCudaErrors(cudaMalloc(&d_seen, kLaunches * sizeof(unsigned)));
  for (int launch = 0; launch < kLaunches; ++launch) countLaunch<<<1, 1>>>(d_seen, launch);
  checkCudaErrors(cudaGetLastError());
  unsigned seen[kLaunches];
  checkCudaErrors(cudaMemcpy(seen, d_seen, sizeof seen, cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaFree(d_seen));
  // Zero before the first launch, and one more at each.
  int wrong = 0;
  for (int launch = 0; launch < kLaunches; ++launch) {
    std::printf("launch %d saw %u\n", launch, seen[launch]);
    wrong += seen[launch] != static_cast<unsigned>(launch);
  }
  std::printf("%s\n", wrong == 0 ? "Test PASSED" : "Test FAILED");
  return wrong == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
