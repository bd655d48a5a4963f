#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda_fp16.h` in kernel files compiled for the emulator: `__half`
/// and `__half2` (and `half`, `half2`), their conversions in every rounding mode, arithmetic,
/// comparisons, math functions and atomics, as CUDA declares them. Values are IEEE binary16,
/// rounded as the GPU rounds them (simt/detail/narrow_float_api.hpp says which functions are exact
/// and which approximate on the GPU). Shuffles and warp collectives take these types as any
/// other value.

#include <simt/detail/narrow_float_api.hpp>

#include <cstdint>

/// @brief The bits of a `__half`.
struct __half_raw {
  unsigned short x;
};
/// @brief The bits of a `__half2`.
struct __half2_raw {
  unsigned short x;
  unsigned short y;
};

/// @brief A 16-bit IEEE floating-point value.
struct alignas(2) __half {
  using simt_format = simt::detail::HalfFormat;
  unsigned short __x;

  __half() = default;
  constexpr __half(const __half_raw& raw) : __x(raw.x) {}  // NOLINT: as CUDA's
  __half(float f);                                         // NOLINT
  __half(double d);                                        // NOLINT
  __half(short v);                                         // NOLINT
  __half(unsigned short v);                                // NOLINT
  __half(int v);                                           // NOLINT
  __half(unsigned int v);                                  // NOLINT
  __half(long v);                                          // NOLINT
  __half(unsigned long v);                                 // NOLINT
  __half(long long v);                                     // NOLINT
  __half(unsigned long long v);                            // NOLINT
  __half& operator=(const __half_raw& raw) {
    __x = raw.x;
    return *this;
  }
  operator __half_raw() const { return __half_raw{__x}; }  // NOLINT
  operator float() const;                                  // NOLINT
  operator signed char() const;                            // NOLINT
  operator unsigned char() const;                          // NOLINT
  operator char() const;                                   // NOLINT
  operator short() const;                                  // NOLINT
  operator unsigned short() const;                         // NOLINT
  operator int() const;                                    // NOLINT
  operator unsigned int() const;                           // NOLINT
  operator long() const;                                   // NOLINT
  operator unsigned long() const;                          // NOLINT
  operator long long() const;                              // NOLINT
  operator unsigned long long() const;                     // NOLINT
};

/// @brief Two `__half` values, `x` (low) and `y` (high).
struct alignas(4) __half2 {
  using simt_element = __half;
  __half x;
  __half y;

  __half2() = default;
  constexpr __half2(const __half& a, const __half& b) : x(a), y(b) {}
  constexpr __half2(const __half2_raw& raw)  // NOLINT: as CUDA's
      : x(__half_raw{raw.x}), y(__half_raw{raw.y}) {}
  operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }  // NOLINT
};

using half = __half;
using half2 = __half2;

SIMT_NARROW_FLOAT_CONVERSIONS(half, __half)
SIMT_NARROW_INTEGER_CONVERSIONS(half, __half)
SIMT_NARROW_PAIR_FUNCTIONS(half, __half, __half2)

/// @brief Both halves as floats.
inline float2 __half22float2(__half2 a) { return float2{__half2float(a.x), __half2float(a.y)}; }

/// @brief a / b, as the GPU divides halves: the float quotient through the reciprocal (an
/// approximate reciprocal on the GPU, an exact one here), corrected by one FMA step when it is
/// tiny.
inline __half __hdiv(__half a, __half b) {
  const float fa = __half2float(a);
  const float fb = __half2float(b);
  const float reciprocal = 1.0f / fb;
  float quotient = reciprocal * fa;
  __half v = __float2half(quotient);
  const float magnitude = __half2float(__habs(v));
  if (magnitude < __half2float(__ushort_as_half(0x008f)) && magnitude > 0.0f) {
    const float error = std::fma(-fb, quotient, fa);
    quotient = std::fma(reciprocal, error, quotient);
    v = __float2half(quotient);
  }
  return v;
}

inline __half::__half(float f) : __x(__float2half(f).__x) {}
inline __half::__half(double d) : __x(__double2half(d).__x) {}
inline __half::__half(short v) : __x(__short2half_rn(v).__x) {}
inline __half::__half(unsigned short v) : __x(__ushort2half_rn(v).__x) {}
inline __half::__half(int v) : __x(__int2half_rn(v).__x) {}
inline __half::__half(unsigned int v) : __x(__uint2half_rn(v).__x) {}
inline __half::__half(long v) : __x(__ll2half_rn(v).__x) {}
inline __half::__half(unsigned long v) : __x(__ull2half_rn(v).__x) {}
inline __half::__half(long long v) : __x(__ll2half_rn(v).__x) {}
inline __half::__half(unsigned long long v) : __x(__ull2half_rn(v).__x) {}
inline __half::operator float() const { return __half2float(*this); }
inline __half::operator signed char() const { return __half2char_rz(*this); }
inline __half::operator unsigned char() const { return __half2uchar_rz(*this); }
inline __half::operator char() const { return static_cast<char>(__half2char_rz(*this)); }
inline __half::operator short() const { return __half2short_rz(*this); }
inline __half::operator unsigned short() const { return __half2ushort_rz(*this); }
inline __half::operator int() const { return __half2int_rz(*this); }
inline __half::operator unsigned int() const { return __half2uint_rz(*this); }
inline __half::operator long() const { return static_cast<long>(__half2ll_rz(*this)); }
inline __half::operator unsigned long() const {
  return static_cast<unsigned long>(__half2ull_rz(*this));
}
inline __half::operator long long() const { return __half2ll_rz(*this); }
inline __half::operator unsigned long long() const { return __half2ull_rz(*this); }

// CUDA's constants of the type.
#define CUDART_INF_FP16 __ushort_as_half(static_cast<unsigned short>(0x7c00u))
#define CUDART_NAN_FP16 __ushort_as_half(static_cast<unsigned short>(0x7fffu))
#define CUDART_MIN_DENORM_FP16 __ushort_as_half(static_cast<unsigned short>(0x0001u))
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half(static_cast<unsigned short>(0x7bffu))
#define CUDART_NEG_ZERO_FP16 __ushort_as_half(static_cast<unsigned short>(0x8000u))
#define CUDART_ZERO_FP16 __ushort_as_half(static_cast<unsigned short>(0x0000u))
#define CUDART_ONE_FP16 __ushort_as_half(static_cast<unsigned short>(0x3c00u))
