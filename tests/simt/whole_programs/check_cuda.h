// A helper header written the way CUDA sample collections write theirs: an error-checking macro
// that names the file, line, call and error, and device selection that prints what it chose.
// The whole programs of this folder include it; they build with nvcc and with simt-nvcc alike.
#pragma once

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

template <typename T>
void check(T result, const char* call, const char* file, int line) {
  if (result != cudaSuccess) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\": %s\n", file, line,
                 static_cast<int>(result), cudaGetErrorName(result), call,
                 cudaGetErrorString(result));
    std::exit(EXIT_FAILURE);
  }
}

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

// The device with the most multiprocessors, made current; its number.
inline int findCudaDevice() {
  int count = 0;
  checkCudaErrors(cudaGetDeviceCount(&count));
  if (count == 0) {
    std::fprintf(stderr, "no CUDA device\n");
    std::exit(EXIT_FAILURE);
  }
  int best = 0;
  int most = 0;
  for (int d = 0; d < count; ++d) {
    cudaDeviceProp p;
    checkCudaErrors(cudaGetDeviceProperties(&p, d));
    if (p.multiProcessorCount > most) {
      most = p.multiProcessorCount;
      best = d;
    }
  }
  cudaDeviceProp chosen;
  checkCudaErrors(cudaGetDeviceProperties(&chosen, best));
  checkCudaErrors(cudaSetDevice(best));
  std::printf("GPU Device %d: \"%s\" with compute capability %d.%d\n", best, chosen.name,
              chosen.major, chosen.minor);
  return best;
}
