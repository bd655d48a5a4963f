#pragma once
/// @file
/// @brief The emulator's prelude for translated kernel files: what a kernel file compiled by
/// nvcc gets from CUDA without including anything (`__global__`, `threadIdx`,
/// `__syncthreads()`, `atomicAdd`, the vector types, `printf`, ...).
///
/// simt-translate parses a kernel file with this prelude (and `SIMT_TRANSLATING` defined) in
/// front of it, and the generated translation includes it first. Headers a kernel file includes
/// itself, such as `<cooperative_groups.h>`, come from simt/cuda/ (the emulator's stand-ins).

#include <simt/cuda/atomics.hpp>
#include <simt/cuda/builtins.hpp>
#include <simt/cuda/conversion_intrinsics.hpp>
#include <simt/cuda/device_math.hpp>
#include <simt/cuda/device_printf.hpp>
#include <simt/cuda/integer_intrinsics.hpp>
#include <simt/cuda/memory_intrinsics.hpp>
#include <simt/cuda/synchronization.hpp>
#include <simt/cuda/texture_fetch.hpp>
#include <simt/cuda/warp_functions.hpp>
#include <simt/detail/device_launch.hpp>

#if !defined(SIMT_TRANSLATING)
#include <simt/cuda/inline_ptx.hpp>
#include <simt/detail/access_checks.hpp>
#include <simt/detail/barriers.hpp>
#include <simt/detail/integer_division.hpp>
#include <simt/detail/shared_variables.hpp>
#include <simt/detail/site.hpp>
#include <simt/task.hpp>

#include <memory>
#include <type_traits>

namespace simt::detail {
/// @brief `threadIdx`/`blockIdx` as CUDA's `uint3`.
inline ::uint3 cuda_index(const Uint3& i) { return ::uint3{i.x, i.y, i.z}; }
/// @brief `blockDim`/`gridDim` as CUDA's `dim3`.
inline ::dim3 cuda_dim(const Uint3& d) { return ::dim3(d.x, d.y, d.z); }
}  // namespace simt::detail
#else
/// The compute capability the kernel file is translated for (simt-translate --cuda-arch, 900 for
/// an H100 unless set), as nvcc defines it in device code, and what nvcc defines in every pass.
#ifndef SIMT_CUDA_ARCH
#define SIMT_CUDA_ARCH 900
#endif
#define __CUDA_ARCH__ SIMT_CUDA_ARCH
#define __CUDACC__ 1
#define __NVCC__ 1
#endif
