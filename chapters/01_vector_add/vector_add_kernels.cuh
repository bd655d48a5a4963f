#pragma once
// Chapter 01 kernels. This file is compiled twice, with vector_add.cu: by nvcc for the GPU, and
// by the host compiler for the CPU emulator (simt translates it; see chapter 06). It is plain
// CUDA C++.

// [doc:kernel-one-block]
// The guide's first kernel: one block of N threads, thread i adds element i.
// Launched as VecAdd<<<1, N>>>, so N is limited by the 1024 threads a block may have.
__global__ void VecAdd(const float* A, const float* B, float* C) {
  int i = threadIdx.x;
  C[i] = A[i] + B[i];
}
// [doc:kernel-one-block]

// [doc:kernel-bounded]
// Any n: many blocks, each thread computes its global index from its block's position.
// The last block usually has threads past the end of the arrays, hence the bounds check.
__global__ void VecAddBounded(const float* A, const float* B, float* C, long long n) {
  long long i = static_cast<long long>(blockDim.x) * blockIdx.x + threadIdx.x;
  if (i < n) C[i] = A[i] + B[i];
}
// [doc:kernel-bounded]

// [doc:kernel-float4]
// Bandwidth: each thread moves four floats with one 16-byte load per input and one 16-byte
// store, so a warp issues a quarter of the memory instructions. cudaMalloc returns 256-byte
// aligned pointers, so A + i is 16-byte aligned whenever i is a multiple of 4. The thread
// whose group of four would run past n finishes the last n % 4 elements one by one.
__global__ void VecAddFloat4(const float* A, const float* B, float* C, long long n) {
  long long i = (static_cast<long long>(blockDim.x) * blockIdx.x + threadIdx.x) * 4;
  if (i + 3 < n) {
    float4 a = *reinterpret_cast<const float4*>(A + i);
    float4 b = *reinterpret_cast<const float4*>(B + i);
    *reinterpret_cast<float4*>(C + i) = make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
  } else {
    for (; i < n; ++i) C[i] = A[i] + B[i];
  }
}
// [doc:kernel-float4]
