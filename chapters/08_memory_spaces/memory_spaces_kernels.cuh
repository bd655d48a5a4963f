#pragma once
// Chapter 08 kernels: the memory spaces of the CUDA C++ Programming Guide's "Memory Hierarchy"
// and "Heterogeneous Programming" sections (a thread's local memory, constant memory, texture
// memory, managed memory) and a path chosen by "Compute Capability". Compiled by nvcc for the
// GPU and translated for the CPU emulator.

#include "memory_spaces_shape.hpp"  // kBins, kStrip, kTaps, kWarp

// [doc:local]
// Each thread counts its kStrip values into a private histogram and writes the sum of the
// squared counts (how many pairs of its values share a bin). `counts[value % kBins]` is indexed
// with a value known only at run time, and registers cannot be indexed: the array lives in the
// thread's local memory (ptxas reports it as a stack frame), which is device memory, cached.
__global__ void PairsPerThreadLocal(const unsigned* in, unsigned* out, int threads) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads) return;
  unsigned counts[kBins] = {};
  for (int k = 0; k < kStrip; ++k) ++counts[in[k * threads + t] % kBins];  // coalesced reads
  unsigned pairs = 0;
  for (int b = 0; b < kBins; ++b) pairs += counts[b] * counts[b];
  out[t] = pairs;
}

// The same histogram with every index a constant once the inner loop is unrolled: each bin
// compares itself with the value, so the compiler keeps the sixteen counts in registers.
__global__ void PairsPerThreadRegisters(const unsigned* in, unsigned* out, int threads) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads) return;
  unsigned counts[kBins] = {};
  for (int k = 0; k < kStrip; ++k) {
    const unsigned bin = in[k * threads + t] % kBins;
#pragma unroll
    for (int b = 0; b < kBins; ++b) counts[b] += bin == static_cast<unsigned>(b) ? 1u : 0u;
  }
  unsigned pairs = 0;
#pragma unroll
  for (int b = 0; b < kBins; ++b) pairs += counts[b] * counts[b];
  out[t] = pairs;
}
// [doc:local]

// [doc:constant]
// The filter's coefficients, written by the host with cudaMemcpyToSymbol before the launch.
// Constant memory is read-only for kernels and cached per SM; the cache serves one word per
// request to every lane that asks for it.
__constant__ float taps[kTaps];

// At step k every lane of the warp reads taps[k]: one word, broadcast to all 32 lanes at once.
__global__ void FilterUniformTaps(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0.0f;
  for (int k = 0; k < kTaps; ++k) sum += taps[k] * in[i + k];
  out[i] = sum;
}

// The same sum in another order: lane L starts at tap L, so at each step the warp's lanes ask
// for 32 different words, which the constant cache serves one after another.
__global__ void FilterDivergentTaps(const float* in, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int lane = threadIdx.x % kWarp;
  float sum = 0.0f;
  for (int step = 0; step < kTaps; ++step) {
    const int k = (step + lane) % kTaps;
    sum += taps[k] * in[i + k];
  }
  out[i] = sum;
}
// [doc:constant]

// [doc:texture]
// Each thread samples the texture at its output pixel's centre, mapped to texture coordinates
// as u = x * scale + offset (the same for v). The texture unit does the rest: which texels
// (the address mode, for coordinates outside the image), how to combine them (the filter mode)
// and what type to return (the read mode); the kernel only names the object.
__global__ void Resample(cudaTextureObject_t image, float* out, int width, int height, float scale,
                         float offset) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const float u = (static_cast<float>(x) + 0.5f) * scale + offset;
  const float v = (static_cast<float>(y) + 0.5f) * scale + offset;
  out[y * width + x] = tex2D<float>(image, u, v);
}
// [doc:texture]

// [doc:managed]
// A streaming update in place: with managed memory the pointer is the one the host wrote the
// values through, and the pages move to the GPU when the kernel first touches them (or before
// the launch, when the host prefetches them).
__global__ void ScaleInPlace(float* data, int n, float factor, float offset) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * factor + offset;
}
// [doc:managed]

// [doc:arch]
// One warp sum, two ways: the device code is compiled once per architecture, and __CUDA_ARCH__
// (900 for compute capability 9.0) says which one is being compiled. From 8.0 on one
// instruction (__reduce_add_sync) adds across the warp; before, five shuffles do. The first
// thread records the path: the architecture it was compiled for, or 0 for the shuffles.
__global__ void WarpSums(const unsigned* in, unsigned* sums, int* path_taken) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned total = in[i];
#if __CUDA_ARCH__ >= 800
  total = __reduce_add_sync(0xffffffffu, total);
  const int path = __CUDA_ARCH__;
#else
  for (int offset = kWarp / 2; offset > 0; offset /= 2)
    total += __shfl_xor_sync(0xffffffffu, total, offset);
  const int path = 0;
#endif
  if (i % kWarp == 0) sums[i / kWarp] = total;
  if (i == 0) *path_taken = path;
}
// [doc:arch]
