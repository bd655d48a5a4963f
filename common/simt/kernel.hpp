#pragma once
/// @file
/// @brief The one include of every kernel header: one kernel source, two targets.
///
/// Under nvcc (`__CUDACC__`) a kernel header is plain CUDA and this header only brings in
/// cooperative groups. Under the host compiler (the translation unit add_chapter_sample()
/// generates) it supplies CUDA's names (`__global__`, `threadIdx`, `__syncthreads()`,
/// `atomicAdd`, `cooperative_groups`, `printf`, ...) from the emulator, so the same kernel
/// text runs on the CPU.
///
/// Three constructs need a marker, because on the host they must become something C++ can
/// express (chapter 06 explains why):
///
/// | marker | on the GPU | on the host |
/// |---|---|---|
/// | `SIMT_SHARED(T, name, [N])` | `__shared__ T name[N]` | a view of the block's own copy |
/// | `SIMT_EXTERN_SHARED(T, name)` | `extern __shared__ T name[]` | a view of the block's dynamic shared memory |
/// | `SIMT_SYNC(group)` | `group.sync()` | `co_await` of the group's barrier at this line: a suspension point |
///
/// `__syncthreads()` needs no marker: on the host it is itself a macro for the suspension.
/// The extents argument of SIMT_SHARED is empty for a scalar: `SIMT_SHARED(int, count, )`.

#if defined(__CUDACC__)
#include <cooperative_groups.h>

#define SIMT_SHARED(type, name, extents) __shared__ type name extents
#define SIMT_EXTERN_SHARED(type, name) extern __shared__ type name[]
#define SIMT_SYNC(group) (group).sync()

#else
#include <simt/host/atomics.hpp>
#include <simt/host/barrier.hpp>
#include <simt/host/builtins.hpp>
#include <simt/host/cooperative_groups.hpp>
#include <simt/host/device_printf.hpp>
#include <simt/host/shared_memory.hpp>

#define SIMT_SHARED(type, name, extents)                                                  \
  static constexpr char simt_shared_key_##name = 0;                                       \
  auto name = ::simt::detail::static_shared<type extents>(&simt_shared_key_##name, #name, \
                                                          std::source_location::current())
#define SIMT_EXTERN_SHARED(type, name) \
  auto name = ::simt::detail::dynamic_shared<type>(#name, std::source_location::current())
#define SIMT_SYNC(group) co_await ::simt::detail::group_barrier<SIMT_DETAIL_HERE>(group)
// Thread block clusters: the shape is given at launch on the emulator (simt::LaunchConfig).
#define __cluster_dims__(...)
#endif
