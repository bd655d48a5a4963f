#pragma once
// A kernel that takes another path under __CUDA_ARCH__, as code written for several GPU
// generations does, and one that runs in clusters. The emulator translates this file twice:
// for an H100 (__CUDA_ARCH__ 900, the default) and, through arch_kernels_sm80.cuh, for an A100
// (800).

// Writes the path it took: 900 where clusters exist, else the __CUDA_ARCH__ it was built for.
__global__ void ArchPath(int* path) {
#if __CUDA_ARCH__ >= 900
  *path = 900;
#else
  *path = __CUDA_ARCH__;
#endif
}

// Each block writes its index: launched in clusters, or refused where there are none.
__global__ void BlockIndex(int* out) { out[blockIdx.x] = static_cast<int>(blockIdx.x); }
