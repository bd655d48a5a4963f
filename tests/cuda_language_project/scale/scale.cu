#include "block_size.h"
#include "scale.h"

// Defined in twice.cu: one file's device code calls another's (relocatable device code).
__device__ float twice(float x);

__global__ void scale(float* data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = twice(data[i]) * factor;
}

extern "C" void scale_on_device(float* data, int n, float factor) {
  scale<<<(n + kBlockSize - 1) / kBlockSize, kBlockSize>>>(data, n, factor);
}
