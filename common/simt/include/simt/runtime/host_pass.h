#pragma once
/// @file
/// @brief What the host code of a whole program's translation is compiled with (simt-nvcc,
/// simt_add_executable()): CUDA's qualifiers, which mean nothing to host code; what nvcc
/// defines in its host pass (`__CUDACC__`, `__NVCC__`, the version; not `__CUDA_ARCH__`); the
/// runtime API; and the kernels' stubs. It follows the translation's device code, whose
/// qualifiers and built-in variables kernel_macros_end.h has already taken back.

#include <simt/runtime/cuda_runtime.h>
#include <simt/detail/cuda_names.hpp>
#include <simt/launch.hpp>
#include <simt/runtime/kernel_stubs.hpp>

// The kernels are stubs here, as in nvcc's host pass: a constant that only kernels read is
// unused, which clang (unlike GCC) warns about.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunused-const-variable"
#endif

#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
