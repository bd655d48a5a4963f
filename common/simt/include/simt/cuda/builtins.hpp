#pragma once
/// @file
/// @brief CUDA's built-in names for kernels compiled by the host compiler: the execution-space
/// qualifiers, `threadIdx` and friends, `warpSize`, fences and the device intrinsics.
///
/// Two modes. Translating (`SIMT_TRANSLATING`, defined when simt-translate parses a kernel
/// file with clang): the qualifiers are annotations the translation looks for, and the built-in
/// variables are declared as CUDA declares them. Compiling the translation: the qualifiers are
/// empty and the built-in variables read the running thread's context
/// (simt/cuda/kernel_macros_begin.h).

#include <simt/cuda/vector_types.hpp>

#include <math.h>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <type_traits>

#if defined(SIMT_TRANSLATING)
#define __global__ __attribute__((annotate("simt:global")))
#define __device__ __attribute__((annotate("simt:device")))
#define __host__ __attribute__((annotate("simt:host")))
#define __shared__ __attribute__((annotate("simt:shared")))
#define __constant__ __attribute__((annotate("simt:constant")))
#define __managed__ __attribute__((annotate("simt:managed")))
/// A function the translation turns into a suspension point (`co_await`), given its site.
#define SIMT_SUSPENDS [[clang::annotate("simt:suspends")]]
extern const uint3 threadIdx;  ///< The thread's index in its block.
extern const uint3 blockIdx;   ///< The block's index in the grid.
extern const dim3 blockDim;    ///< Threads per block.
extern const dim3 gridDim;     ///< Blocks in the grid.
#else
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
// Left in the host part of a whole program only at namespace scope, where the device part keeps
// an extern declaration of its own (functions there take the block's copy).
#define __shared__
#endif
#define __forceinline__ inline
#define __noinline__
#define __grid_constant__
#define __launch_bounds__(...)
#define __cluster_dims__(...)
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))

/// Threads per warp, as on every NVIDIA GPU so far.
inline constexpr int warpSize = 32;

/// CUDA's handle of a texture object (simt/texture.hpp).
using cudaTextureObject_t = unsigned long long;

/// @brief A fence for the whole device: a sequentially consistent fence on the host.
inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
/// @brief A fence for the block.
inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
/// @brief A fence for the device and the host.
inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/// @brief A read through the read-only data cache: a plain read here.
template <class T>
inline T __ldg(const T* address) {
  return *address;
}

/// @brief CUDA's `min`/`max` for any two arithmetic values (the usual arithmetic conversions).
template <class A, class B>
requires std::is_arithmetic_v<A> && std::is_arithmetic_v<B>
inline constexpr std::common_type_t<A, B> min(A a, B b) {
  using C = std::common_type_t<A, B>;
  return static_cast<C>(b) < static_cast<C>(a) ? static_cast<C>(b) : static_cast<C>(a);
}
template <class A, class B>
requires std::is_arithmetic_v<A> && std::is_arithmetic_v<B>
inline constexpr std::common_type_t<A, B> max(A a, B b) {
  using C = std::common_type_t<A, B>;
  return static_cast<C>(a) < static_cast<C>(b) ? static_cast<C>(b) : static_cast<C>(a);
}
inline constexpr unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
inline constexpr unsigned umax(unsigned a, unsigned b) { return a < b ? b : a; }

/// @brief Bits set in `x`.
inline int __popc(unsigned x) { return std::popcount(x); }
inline int __popcll(unsigned long long x) { return std::popcount(x); }
/// @brief Position (1-based) of the least significant set bit of `x`, 0 if none.
inline int __ffs(int x) { return x == 0 ? 0 : std::countr_zero(static_cast<unsigned>(x)) + 1; }
inline int __ffsll(long long x) {
  return x == 0 ? 0 : std::countr_zero(static_cast<unsigned long long>(x)) + 1;
}
/// @brief Leading zero bits of `x`.
inline int __clz(int x) { return std::countl_zero(static_cast<unsigned>(x)); }
inline int __clzll(long long x) { return std::countl_zero(static_cast<unsigned long long>(x)); }
/// @brief `x` with its bits reversed.
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i, x >>= 1) r = (r << 1) | (x & 1u);
  return r;
}
inline unsigned long long __brevll(unsigned long long x) {
  return (static_cast<unsigned long long>(__brev(static_cast<unsigned>(x))) << 32) |
         __brev(static_cast<unsigned>(x >> 32));
}
/// @brief Bytes of `x` (0-3) and `y` (4-7) picked by the nibbles of `s`.
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  const unsigned long long bytes = (static_cast<unsigned long long>(y) << 32) | x;
  unsigned r = 0;
  for (unsigned i = 0; i < 4; ++i) {
    const auto byte = static_cast<unsigned>((bytes >> (8 * ((s >> (4 * i)) & 7u))) & 0xFFu);
    r |= byte << (8 * i);
  }
  return r;
}
/// @brief 24-bit multiplications and the high half of 32-bit products.
inline int __mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
inline unsigned __umul24(unsigned a, unsigned b) { return (a & 0xFFFFFFu) * (b & 0xFFFFFFu); }
inline int __mulhi(int a, int b) { return static_cast<int>((static_cast<long long>(a) * b) >> 32); }
inline unsigned __umulhi(unsigned a, unsigned b) {
  return static_cast<unsigned>((static_cast<unsigned long long>(a) * b) >> 32);
}

/// @brief The fast single-precision intrinsics, computed at full precision on the host.
inline float __fdividef(float a, float b) { return a / b; }
inline float __expf(float x) { return std::exp(x); }
inline float __logf(float x) { return std::log(x); }
inline float __powf(float a, float b) { return std::pow(a, b); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }

/// @brief The bits of a float as an int, and back (and the same for double).
inline int __float_as_int(float x) { return std::bit_cast<int>(x); }
inline float __int_as_float(int x) { return std::bit_cast<float>(x); }
inline unsigned __float_as_uint(float x) { return std::bit_cast<unsigned>(x); }
inline float __uint_as_float(unsigned x) { return std::bit_cast<float>(x); }
inline long long __double_as_longlong(double x) { return std::bit_cast<long long>(x); }
inline double __longlong_as_double(long long x) { return std::bit_cast<double>(x); }

/// @brief The multiprocessor's cycle counter: the host's steady clock at the imitated SM clock rate
/// (1.98 GHz, as cudaDevAttrClockRate says) times the threads the worker runs one after another
/// where the GPU runs them side by side, so a spin of C cycles in each thread of a block takes C
/// cycles for the block, as on the GPU (see simt/detail/sm_clock.hpp).
long long clock64();

/// @brief Lets other threads run for a while: on the emulator, the worker yields.
void __nanosleep(unsigned nanoseconds);

#if defined(SIMT_TRANSLATING)
/// @brief Stops the kernel: a KernelError naming the thread and the line (kernel code calls it
/// through a macro that adds the line, in simt/cuda/kernel_macros_begin.h).
void __trap();
#endif

namespace simt::detail {
/// @brief `__trap()` at `file`:`line`: throws KernelError naming the kernel, block and thread.
[[noreturn]] void trap(const char* file, unsigned line);
/// @brief A failed `assert(expression)` in a kernel at `file`:`line`: throws KernelError naming
/// the kernel, block and thread (the runtime API then returns `cudaErrorAssert`, sticky).
[[noreturn]] void device_assert_failed(const char* expression, const char* file, unsigned line);
}  // namespace simt::detail
