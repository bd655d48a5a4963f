#pragma once
/// @file
/// @brief CUDA's built-in names for kernels compiled by the host compiler.
///
/// Only the generated emulator translation units include this (through simt/kernel.hpp),
/// never nvcc: there these names come from CUDA itself.

#include <simt/detail/thread_context.hpp>
#include <simt/dim3.hpp>

#include <math.h>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <utility>

// Execution-space qualifiers: every function is an ordinary host function here.
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__
#define __launch_bounds__(...)

/// CUDA's index and shape types.
using dim3 = simt::Dim3;
using uint3 = simt::Uint3;

// The built-in variables read the running thread's context, read-only as on the GPU.
#define threadIdx (std::as_const(::simt::detail::current_thread.slot->index))
#define blockIdx (std::as_const(::simt::detail::current_thread.block_idx))
#define blockDim (std::as_const(::simt::detail::current_thread.block_dim))
#define gridDim (std::as_const(::simt::detail::current_thread.grid_dim))

/// Threads per warp, as on every NVIDIA GPU so far.
inline constexpr int warpSize = 32;

/// @brief CUDA's 16-byte vector type (four floats, 16-byte aligned).
struct alignas(16) float4 {
  float x, y, z, w;
};
/// @brief CUDA's 8-byte vector type (two floats).
struct alignas(8) float2 {
  float x, y;
};
/// @brief Builds a float4.
inline float4 make_float4(float x, float y, float z, float w) { return float4{x, y, z, w}; }
/// @brief Builds a float2.
inline float2 make_float2(float x, float y) { return float2{x, y}; }

/// @brief A device-wide memory fence: a sequentially consistent fence on the host.
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
