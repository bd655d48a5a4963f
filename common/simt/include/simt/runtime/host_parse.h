#pragma once
/// @file
/// @brief What simt-translate parses a whole program's `.cu` file with as host code (clang,
/// `-x cuda --cuda-host-only`): the emulator's prelude for the names kernels use, CUDA's
/// qualifiers as clang's own attributes (so that `Kernel<<<...>>>` parses, and kernels, device
/// and host functions are told apart), no `__CUDA_ARCH__` (nvcc's host pass has none), and the
/// runtime API with `__cudaPushCallConfiguration`, which a launch calls first. Never compiled.

#include <simt/kernel.hpp>

#undef __global__
#undef __device__
#undef __host__
#undef __shared__
#undef __constant__
#undef __managed__
#undef __CUDA_ARCH__
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))

#include <simt/runtime/cuda_runtime.h>
