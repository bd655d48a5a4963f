#pragma once
// A 1D stencil through shared memory with a halo: out[i] = sum of in[i - RADIUS .. i + RADIUS]
// (zero outside), blocks of STENCIL_BLOCK threads. Blocks wholly past the end return before any
// barrier (the whole block agrees); threads past the end return after the last one.
#define RADIUS 3
#define STENCIL_BLOCK 128
__global__ void Stencil1D(const float* in, float* out, int n) {
  if (blockIdx.x * blockDim.x >= static_cast<unsigned>(n)) return;
  __shared__ float temp[STENCIL_BLOCK + 2 * RADIUS];
  int gindex = blockIdx.x * blockDim.x + threadIdx.x;
  int lindex = threadIdx.x + RADIUS;
  temp[lindex] = gindex < n ? in[gindex] : 0.0f;
  if (threadIdx.x < RADIUS) {
    int left = gindex - RADIUS, right = gindex + STENCIL_BLOCK;
    temp[lindex - RADIUS] = left >= 0 ? in[left] : 0.0f;
    temp[lindex + STENCIL_BLOCK] = right < n ? in[right] : 0.0f;
  }
  __syncthreads();
  if (gindex >= n) return;
  float result = 0.0f;
  for (int offset = -RADIUS; offset <= RADIUS; offset++) result += temp[lindex + offset];
  out[gindex] = result;
}
