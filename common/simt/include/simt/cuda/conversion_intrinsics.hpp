#pragma once
/// @file
/// @brief CUDA's conversion and rounding intrinsics for kernels compiled by the host compiler:
/// float and double to integers and back in the four rounding modes (`__float2int_rz`,
/// `__ll2float_rd`, ...), the bits of a double's halves, and float arithmetic with a rounding
/// mode (`__fadd_rz`, `__fdiv_ru`, `__fsqrt_rn`, ...). Each result is the exact value rounded
/// once, as on the GPU: a float operation is computed in double rounding to odd, then rounded to
/// float in the mode asked for (simt/detail/narrow_float.hpp says why that is exact).

#include <simt/detail/narrow_float.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace simt::detail {
/// @brief `x` (exact, or rounded to odd) rounded to float in `mode`.
inline float float_in(long double x, Rounding mode) {
  const auto nearest = static_cast<float>(x);
  if (mode == Rounding::nearest_even || std::isnan(x) || static_cast<long double>(nearest) == x)
    return nearest;
  // The two floats around x: nearest and its neighbour on x's side.
  const float other = std::nextafter(nearest, static_cast<long double>(nearest) < x
                                                  ? std::numeric_limits<float>::infinity()
                                                  : -std::numeric_limits<float>::infinity());
  const float below = nearest < other ? nearest : other;
  const float above = nearest < other ? other : nearest;
  switch (mode) {
    case Rounding::toward_zero: return x < 0 ? above : below;
    case Rounding::down: return below;
    case Rounding::up: return above;
    case Rounding::nearest_even: break;
  }
  return nearest;
}
/// @brief `x` rounded to double in `mode` (exact for 64-bit integers held in long double).
inline double double_in(long double x, Rounding mode) {
  const auto nearest = static_cast<double>(x);
  if (mode == Rounding::nearest_even || std::isnan(x) || static_cast<long double>(nearest) == x)
    return nearest;
  const double other = std::nextafter(nearest, static_cast<long double>(nearest) < x
                                                   ? std::numeric_limits<double>::infinity()
                                                   : -std::numeric_limits<double>::infinity());
  const double below = nearest < other ? nearest : other;
  const double above = nearest < other ? other : nearest;
  switch (mode) {
    case Rounding::toward_zero: return x < 0 ? above : below;
    case Rounding::down: return below;
    case Rounding::up: return above;
    case Rounding::nearest_even: break;
  }
  return nearest;
}
}  // namespace simt::detail

/// Float and double to an integer type and back, in the four modes: `__float2int_rn`, ...,
/// `__int2float_rn`, ...; out-of-range values saturate and NaN gives 0 (0x8000000000000000 for a
/// 64-bit type), as CUDA documents for its 16-bit types.
#define SIMT_CONVERSIONS_IN_MODE(mode, rounding)                                                   \
  inline int __float2int_##mode(float x) {                                                         \
    return simt::detail::narrow_to_integer<int>(x, rounding, 0);                                   \
  }                                                                                                \
  inline unsigned __float2uint_##mode(float x) {                                                   \
    return simt::detail::narrow_to_integer<unsigned>(x, rounding, 0u);                             \
  }                                                                                                \
  inline long long __float2ll_##mode(float x) {                                                    \
    return simt::detail::narrow_to_integer<long long>(x, rounding,                                 \
                                                      std::numeric_limits<long long>::min());      \
  }                                                                                                \
  inline unsigned long long __float2ull_##mode(float x) {                                          \
    return simt::detail::narrow_to_integer<unsigned long long>(x, rounding, 1ull << 63);           \
  }                                                                                                \
  inline int __double2int_##mode(double x) {                                                       \
    return simt::detail::narrow_to_integer<int>(x, rounding, 0);                                   \
  }                                                                                                \
  inline unsigned __double2uint_##mode(double x) {                                                 \
    return simt::detail::narrow_to_integer<unsigned>(x, rounding, 0u);                             \
  }                                                                                                \
  inline long long __double2ll_##mode(double x) {                                                  \
    return simt::detail::narrow_to_integer<long long>(x, rounding,                                 \
                                                      std::numeric_limits<long long>::min());      \
  }                                                                                                \
  inline unsigned long long __double2ull_##mode(double x) {                                        \
    return simt::detail::narrow_to_integer<unsigned long long>(x, rounding, 1ull << 63);           \
  }                                                                                                \
  inline float __int2float_##mode(int x) { return simt::detail::float_in(x, rounding); }           \
  inline float __uint2float_##mode(unsigned x) { return simt::detail::float_in(x, rounding); }     \
  inline float __ll2float_##mode(long long x) { return simt::detail::float_in(x, rounding); }      \
  inline float __ull2float_##mode(unsigned long long x) {                                          \
    return simt::detail::float_in(x, rounding);                                                    \
  }                                                                                                \
  inline double __ll2double_##mode(long long x) { return simt::detail::double_in(x, rounding); }   \
  inline double __ull2double_##mode(unsigned long long x) {                                        \
    return simt::detail::double_in(x, rounding);                                                   \
  }                                                                                                \
  inline float __double2float_##mode(double x) { return simt::detail::float_in(x, rounding); }     \
  inline float __fadd_##mode(float a, float b) {                                                   \
    return simt::detail::float_in(simt::detail::odd_sum(a, b), rounding);                          \
  }                                                                                                \
  inline float __fsub_##mode(float a, float b) {                                                   \
    return simt::detail::float_in(simt::detail::odd_sum(a, -static_cast<double>(b)), rounding);    \
  }                                                                                                \
  inline float __fmul_##mode(float a, float b) {                                                   \
    return simt::detail::float_in(static_cast<double>(a) * b, rounding);                           \
  }                                                                                                \
  inline float __fdiv_##mode(float a, float b) {                                                   \
    return simt::detail::float_in(simt::detail::odd_quotient(a, b), rounding);                     \
  }                                                                                                \
  inline float __frcp_##mode(float a) {                                                            \
    return simt::detail::float_in(simt::detail::odd_quotient(1.0, a), rounding);                   \
  }                                                                                                \
  inline float __fsqrt_##mode(float a) {                                                           \
    return simt::detail::float_in(simt::detail::odd_sqrt(a), rounding);                            \
  }                                                                                                \
  inline float __fmaf_##mode(float a, float b, float c) {                                          \
    return simt::detail::float_in(simt::detail::odd_sum(static_cast<double>(a) * b, c), rounding); \
  }
SIMT_CONVERSIONS_IN_MODE(rz, simt::detail::Rounding::toward_zero)
SIMT_CONVERSIONS_IN_MODE(rd, simt::detail::Rounding::down)
SIMT_CONVERSIONS_IN_MODE(ru, simt::detail::Rounding::up)
SIMT_CONVERSIONS_IN_MODE(rn, simt::detail::Rounding::nearest_even)
#undef SIMT_CONVERSIONS_IN_MODE

/// @brief Integers to double (exact).
inline double __int2double_rn(int x) { return x; }
inline double __uint2double_rn(unsigned x) { return x; }
/// @brief The high and low 32 bits of a double, and a double from them.
inline int __double2hiint(double x) {
  return static_cast<int>(std::bit_cast<std::uint64_t>(x) >> 32);
}
inline int __double2loint(double x) { return static_cast<int>(std::bit_cast<std::uint64_t>(x)); }
inline double __hiloint2double(int high, int low) {
  return std::bit_cast<double>((static_cast<std::uint64_t>(static_cast<unsigned>(high)) << 32) |
                               static_cast<unsigned>(low));
}
/// @brief Double arithmetic in round-to-nearest (never contracted into an FMA).
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dsub_rn(double a, double b) { return a - b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __ddiv_rn(double a, double b) { return a / b; }
inline double __drcp_rn(double a) { return 1.0 / a; }
inline double __dsqrt_rn(double a) { return std::sqrt(a); }
inline double __fma_rn(double a, double b, double c) { return std::fma(a, b, c); }
