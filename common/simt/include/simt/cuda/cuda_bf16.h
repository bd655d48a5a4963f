#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda_bf16.h` in kernel files compiled for the emulator:
/// `__nv_bfloat16` and `__nv_bfloat162` (and `nv_bfloat16`, `nv_bfloat162`), their conversions
/// in every rounding mode, arithmetic, comparisons, math functions and atomics, as CUDA declares
/// them. Values are bfloat16 (the top 16 bits of a float), rounded as the GPU rounds them.

#include <simt/detail/narrow_float_api.hpp>

#include <cstdint>

/// @brief The bits of a `__nv_bfloat16`.
struct __nv_bfloat16_raw {
  unsigned short x;
};
/// @brief The bits of a `__nv_bfloat162`.
struct __nv_bfloat162_raw {
  unsigned short x;
  unsigned short y;
};

/// @brief A bfloat16 value: float's sign and exponent, 7 bits of fraction.
struct alignas(2) __nv_bfloat16 {
  using simt_format = simt::detail::Bfloat16Format;
  unsigned short __x;

  __nv_bfloat16() = default;
  constexpr __nv_bfloat16(const __nv_bfloat16_raw& raw) : __x(raw.x) {}  // NOLINT: as CUDA's
  __nv_bfloat16(float f);                                                // NOLINT
  __nv_bfloat16(double d);                                               // NOLINT
  __nv_bfloat16(short v);                                                // NOLINT
  __nv_bfloat16(unsigned short v);                                       // NOLINT
  __nv_bfloat16(int v);                                                  // NOLINT
  __nv_bfloat16(unsigned int v);                                         // NOLINT
  __nv_bfloat16(long v);                                                 // NOLINT
  __nv_bfloat16(unsigned long v);                                        // NOLINT
  __nv_bfloat16(long long v);                                            // NOLINT
  __nv_bfloat16(unsigned long long v);                                   // NOLINT
  __nv_bfloat16& operator=(const __nv_bfloat16_raw& raw) {
    __x = raw.x;
    return *this;
  }
  operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }  // NOLINT
  operator float() const;                                                // NOLINT
  operator signed char() const;                                          // NOLINT
  operator unsigned char() const;                                        // NOLINT
  operator short() const;                                                // NOLINT
  operator unsigned short() const;                                       // NOLINT
  operator int() const;                                                  // NOLINT
  operator unsigned int() const;                                         // NOLINT
  operator long long() const;                                            // NOLINT
  operator unsigned long long() const;                                   // NOLINT
};

/// @brief Two `__nv_bfloat16` values, `x` (low) and `y` (high).
struct alignas(4) __nv_bfloat162 {
  using simt_element = __nv_bfloat16;
  __nv_bfloat16 x;
  __nv_bfloat16 y;

  __nv_bfloat162() = default;
  constexpr __nv_bfloat162(const __nv_bfloat16& a, const __nv_bfloat16& b) : x(a), y(b) {}
  constexpr __nv_bfloat162(const __nv_bfloat162_raw& raw)  // NOLINT: as CUDA's
      : x(__nv_bfloat16_raw{raw.x}), y(__nv_bfloat16_raw{raw.y}) {}
  operator __nv_bfloat162_raw() const { return __nv_bfloat162_raw{x.__x, y.__x}; }  // NOLINT
};

using nv_bfloat16 = __nv_bfloat16;
using nv_bfloat162 = __nv_bfloat162;

SIMT_NARROW_FLOAT_CONVERSIONS(bfloat16, __nv_bfloat16)
SIMT_NARROW_INTEGER_CONVERSIONS(bfloat16, __nv_bfloat16)
SIMT_NARROW_PAIR_FUNCTIONS(bfloat16, __nv_bfloat16, __nv_bfloat162)

/// @brief Both halves as floats.
inline float2 __bfloat1622float2(__nv_bfloat162 a) {
  return float2{__bfloat162float(a.x), __bfloat162float(a.y)};
}

/// @brief a / b, correctly rounded (the GPU's float quotient is accurate enough for that).
inline __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) {
  using namespace simt::detail;
  return narrow_of<__nv_bfloat16>(odd_quotient(value_of(a), value_of(b)));
}

inline __nv_bfloat16::__nv_bfloat16(float f) : __x(__float2bfloat16(f).__x) {}
inline __nv_bfloat16::__nv_bfloat16(double d) : __x(__double2bfloat16(d).__x) {}
inline __nv_bfloat16::__nv_bfloat16(short v) : __x(__short2bfloat16_rn(v).__x) {}
inline __nv_bfloat16::__nv_bfloat16(unsigned short v) : __x(__ushort2bfloat16_rn(v).__x) {}
inline __nv_bfloat16::__nv_bfloat16(int v) : __x(__int2bfloat16_rn(v).__x) {}
inline __nv_bfloat16::__nv_bfloat16(unsigned int v) : __x(__uint2bfloat16_rn(v).__x) {}
inline __nv_bfloat16::__nv_bfloat16(long v) : __x(__ll2bfloat16_rn(v).__x) {}
inline __nv_bfloat16::__nv_bfloat16(unsigned long v) : __x(__ull2bfloat16_rn(v).__x) {}
inline __nv_bfloat16::__nv_bfloat16(long long v) : __x(__ll2bfloat16_rn(v).__x) {}
inline __nv_bfloat16::__nv_bfloat16(unsigned long long v) : __x(__ull2bfloat16_rn(v).__x) {}
inline __nv_bfloat16::operator float() const { return __bfloat162float(*this); }
inline __nv_bfloat16::operator signed char() const { return __bfloat162char_rz(*this); }
inline __nv_bfloat16::operator unsigned char() const { return __bfloat162uchar_rz(*this); }
inline __nv_bfloat16::operator short() const { return __bfloat162short_rz(*this); }
inline __nv_bfloat16::operator unsigned short() const { return __bfloat162ushort_rz(*this); }
inline __nv_bfloat16::operator int() const { return __bfloat162int_rz(*this); }
inline __nv_bfloat16::operator unsigned int() const { return __bfloat162uint_rz(*this); }
inline __nv_bfloat16::operator long long() const { return __bfloat162ll_rz(*this); }
inline __nv_bfloat16::operator unsigned long long() const { return __bfloat162ull_rz(*this); }

// CUDA's constants of the type.
#define CUDART_INF_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x7f80u))
#define CUDART_NAN_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x7fffu))
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x0001u))
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x7f7fu))
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x8000u))
#define CUDART_ZERO_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x0000u))
#define CUDART_ONE_BF16 __ushort_as_bfloat16(static_cast<unsigned short>(0x3f80u))
