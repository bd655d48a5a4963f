#pragma once
// __device__ and __constant__ variables that the host writes and reads: with cudaMemcpyToSymbol
// and cudaMemcpyFromSymbol on the GPU, with simt::memcpy_to_symbol and memcpy_from_symbol on the
// emulator (tutorial::copy_to_symbol picks one). One of them is static, one in a namespace.

constexpr int kTaps = 8;
constexpr int kOffsets = 4;

__constant__ float coefficients[kTaps];
static __constant__ int offsets[kOffsets];
namespace gains {
__device__ float scale = 1.0f;
}
__device__ unsigned int visits;

// out[i] = scale * sum over k of coefficients[k] * in[(i + offsets[k % 4] + k) % n]; every thread
// that computes an element counts one visit.
__global__ void Filter(const float* in, float* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  float sum = 0.0f;
  for (int k = 0; k < kTaps; ++k) sum += coefficients[k] * in[(i + offsets[k % kOffsets] + k) % n];
  out[i] = gains::scale * sum;
  atomicAdd(&visits, 1u);
}

// Reads a table through a pointer: the host passes the address cudaGetSymbolAddress gave it.
__global__ void CopyThrough(const float* table, float* out) {
  out[threadIdx.x] = table[threadIdx.x];
}
