#pragma once
/// @file
/// @brief The one include of every kernel header: one kernel source, two targets.
///
/// Under nvcc (`__CUDACC__`) a kernel header is plain CUDA and this header only brings in
/// cooperative groups. Under the host compiler (the translation unit add_chapter_sample()
/// generates) it supplies CUDA's names (`__global__`, `threadIdx`, `__syncthreads()`,
/// `atomicAdd`, ...) from the emulator, so the same kernel text runs on the CPU.

#if defined(__CUDACC__)
#include <cooperative_groups.h>
#else
#include <simt/host/atomics.hpp>
#include <simt/host/barrier.hpp>
#include <simt/host/builtins.hpp>
#endif
