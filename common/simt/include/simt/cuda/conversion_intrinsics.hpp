#pragma once
/// @file
/// @brief CUDA's conversion and rounding intrinsics for kernels compiled by the host compiler:
/// float and double to integers and back in the four rounding modes (`__float2int_rz`,
/// `__ll2float_rd`, ...), the bits of a double's halves, and float and double arithmetic with a
/// rounding mode (`__fadd_rz`, `__fdiv_ru`, `__fsqrt_rn`, `__dadd_rd`, `__dsqrt_ru`, ...). Each
/// result is the exact value rounded once, as on the GPU: a float operation is computed in double
/// rounding to odd, then rounded to float in the mode asked for (simt/detail/narrow_float.hpp
/// says why that is exact); a double operation is rounded to nearest and moved by one unit where
/// an exact residual says the exact value lies beyond it.

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
/// @brief The sum of `a` and `b` (held exactly, or rounded to odd) rounded to float in `mode`:
/// an exact zero is -0 when rounding down unless both terms are +0 (IEEE 754), +0 otherwise
/// unless both are -0 (as the sum in double gives it).
inline float float_sum_in(double a, double b, Rounding mode) {
  const double sum = odd_sum(a, b);
  if (sum == 0 && mode == Rounding::down && (std::signbit(a) || std::signbit(b))) return -0.0f;
  return float_in(sum, mode);
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

// Double arithmetic with a rounding mode: the operation rounded to nearest, then moved to the
// neighbouring double on the side where the exact result lies. Which side that is comes from an
// exact residual: the sum's rounding error (Knuth's two-sum), or a fused multiply-add on the
// operands scaled to about 1 (frexp and ldexp are exact), so that no residual underflows.

/// @brief `nearest`, the operation rounded to nearest, rounded in `mode` instead; `side` has the
/// sign of the exact result minus `nearest` (0: exact).
inline double double_directed(double nearest, double side, Rounding mode) {
  constexpr double infinity = std::numeric_limits<double>::infinity();
  if (side == 0 || std::isnan(side) || std::isnan(nearest)) return nearest;
  switch (mode) {
    case Rounding::down: return side < 0 ? std::nextafter(nearest, -infinity) : nearest;
    case Rounding::up: return side > 0 ? std::nextafter(nearest, infinity) : nearest;
    case Rounding::toward_zero:
      if (nearest > 0 && side < 0) return std::nextafter(nearest, -infinity);
      if (nearest < 0 && side > 0) return std::nextafter(nearest, infinity);
      return nearest;
    case Rounding::nearest_even: break;
  }
  return nearest;
}
/// @brief a + b rounded in `mode`.
inline double double_sum_in(double a, double b, Rounding mode) {
  const double sum = a + b;
  if (!std::isfinite(a) || !std::isfinite(b)) return sum;
  if (std::isinf(sum)) return double_directed(sum, -sum, mode);  // the exact sum is finite
  if (sum == 0) {
    // An exact zero: -0 rounding down unless both are +0 (IEEE 754), as rounding to nearest
    // gives otherwise.
    if (mode == Rounding::down && (std::signbit(a) || std::signbit(b))) return -0.0;
    return sum;
  }
  const double b_part = sum - a;
  const double error = (a - (sum - b_part)) + (b - b_part);
  return double_directed(sum, error, mode);
}
/// @brief a * b rounded in `mode`.
inline double double_product_in(double a, double b, Rounding mode) {
  const double product = a * b;
  if (!std::isfinite(a) || !std::isfinite(b) || a == 0 || b == 0) return product;
  int ea = 0, eb = 0;
  const double ma = std::frexp(a, &ea), mb = std::frexp(b, &eb);
  return double_directed(product, std::fma(ma, mb, -std::ldexp(product, -(ea + eb))), mode);
}
/// @brief a / b rounded in `mode`.
inline double double_quotient_in(double a, double b, Rounding mode) {
  const double quotient = a / b;
  if (!std::isfinite(a) || !std::isfinite(b) || a == 0 || b == 0) return quotient;
  int ea = 0, eb = 0;
  const double ma = std::frexp(a, &ea), mb = std::frexp(b, &eb);
  // a / b - quotient has the sign of (ma - q mb) / mb, q the quotient scaled as ma / mb is.
  const double residual = std::fma(-std::ldexp(quotient, eb - ea), mb, ma);
  return double_directed(quotient, mb > 0 ? residual : -residual, mode);
}
/// @brief The square root of a rounded in `mode`.
inline double double_sqrt_in(double a, Rounding mode) {
  const double root = std::sqrt(a);
  if (!(a > 0) || std::isinf(a)) return root;
  int e = 0;
  double m = std::frexp(a, &e);
  if (e % 2 != 0) {  // an even exponent, so that the root scales by 2^(e/2)
    m *= 2;
    --e;
  }
  const double scaled = std::ldexp(root, -e / 2);
  return double_directed(root, std::fma(-scaled, scaled, m), mode);
}
}  // namespace simt::detail

/// Float and double to an integer type and back, in the four modes: `__float2int_rn`, ...,
/// `__int2float_rn`, ...; out-of-range values saturate and NaN gives 0 (0x8000000000000000 for a
/// 64-bit type), as CUDA documents for its 16-bit types.
#define SIMT_CONVERSIONS_IN_MODE(mode, rounding)                                                 \
  inline int __float2int_##mode(float x) {                                                       \
    return simt::detail::narrow_to_integer<int>(x, rounding, 0);                                 \
  }                                                                                              \
  inline unsigned __float2uint_##mode(float x) {                                                 \
    return simt::detail::narrow_to_integer<unsigned>(x, rounding, 0u);                           \
  }                                                                                              \
  inline long long __float2ll_##mode(float x) {                                                  \
    return simt::detail::narrow_to_integer<long long>(x, rounding,                               \
                                                      std::numeric_limits<long long>::min());    \
  }                                                                                              \
  inline unsigned long long __float2ull_##mode(float x) {                                        \
    return simt::detail::narrow_to_integer<unsigned long long>(x, rounding, 1ull << 63);         \
  }                                                                                              \
  inline int __double2int_##mode(double x) {                                                     \
    return simt::detail::narrow_to_integer<int>(x, rounding, 0);                                 \
  }                                                                                              \
  inline unsigned __double2uint_##mode(double x) {                                               \
    return simt::detail::narrow_to_integer<unsigned>(x, rounding, 0u);                           \
  }                                                                                              \
  inline long long __double2ll_##mode(double x) {                                                \
    return simt::detail::narrow_to_integer<long long>(x, rounding,                               \
                                                      std::numeric_limits<long long>::min());    \
  }                                                                                              \
  inline unsigned long long __double2ull_##mode(double x) {                                      \
    return simt::detail::narrow_to_integer<unsigned long long>(x, rounding, 1ull << 63);         \
  }                                                                                              \
  inline float __int2float_##mode(int x) { return simt::detail::float_in(x, rounding); }         \
  inline float __uint2float_##mode(unsigned x) { return simt::detail::float_in(x, rounding); }   \
  inline float __ll2float_##mode(long long x) { return simt::detail::float_in(x, rounding); }    \
  inline float __ull2float_##mode(unsigned long long x) {                                        \
    return simt::detail::float_in(x, rounding);                                                  \
  }                                                                                              \
  inline double __ll2double_##mode(long long x) { return simt::detail::double_in(x, rounding); } \
  inline double __ull2double_##mode(unsigned long long x) {                                      \
    return simt::detail::double_in(x, rounding);                                                 \
  }                                                                                              \
  inline float __double2float_##mode(double x) { return simt::detail::float_in(x, rounding); }   \
  inline float __fadd_##mode(float a, float b) {                                                 \
    return simt::detail::float_sum_in(a, b, rounding);                                           \
  }                                                                                              \
  inline float __fsub_##mode(float a, float b) {                                                 \
    return simt::detail::float_sum_in(a, -static_cast<double>(b), rounding);                     \
  }                                                                                              \
  inline float __fmul_##mode(float a, float b) {                                                 \
    return simt::detail::float_in(static_cast<double>(a) * b, rounding);                         \
  }                                                                                              \
  inline float __fdiv_##mode(float a, float b) {                                                 \
    return simt::detail::float_in(simt::detail::odd_quotient(a, b), rounding);                   \
  }                                                                                              \
  inline float __frcp_##mode(float a) {                                                          \
    return simt::detail::float_in(simt::detail::odd_quotient(1.0, a), rounding);                 \
  }                                                                                              \
  inline float __fsqrt_##mode(float a) {                                                         \
    return simt::detail::float_in(simt::detail::odd_sqrt(a), rounding);                          \
  }                                                                                              \
  inline float __fmaf_##mode(float a, float b, float c) {                                        \
    return simt::detail::float_sum_in(static_cast<double>(a) * b, c, rounding);                  \
  }
SIMT_CONVERSIONS_IN_MODE(rz, simt::detail::Rounding::toward_zero)
SIMT_CONVERSIONS_IN_MODE(rd, simt::detail::Rounding::down)
SIMT_CONVERSIONS_IN_MODE(ru, simt::detail::Rounding::up)
SIMT_CONVERSIONS_IN_MODE(rn, simt::detail::Rounding::nearest_even)
#undef SIMT_CONVERSIONS_IN_MODE

/// Double arithmetic in the directed modes: `__dadd_rd`, `__dmul_ru`, `__ddiv_rz`, ...
#define SIMT_DOUBLE_ARITHMETIC_IN_MODE(mode, rounding)         \
  inline double __dadd_##mode(double a, double b) {            \
    return simt::detail::double_sum_in(a, b, rounding);        \
  }                                                            \
  inline double __dsub_##mode(double a, double b) {            \
    return simt::detail::double_sum_in(a, -b, rounding);       \
  }                                                            \
  inline double __dmul_##mode(double a, double b) {            \
    return simt::detail::double_product_in(a, b, rounding);    \
  }                                                            \
  inline double __ddiv_##mode(double a, double b) {            \
    return simt::detail::double_quotient_in(a, b, rounding);   \
  }                                                            \
  inline double __drcp_##mode(double a) {                      \
    return simt::detail::double_quotient_in(1.0, a, rounding); \
  }                                                            \
  inline double __dsqrt_##mode(double a) { return simt::detail::double_sqrt_in(a, rounding); }
SIMT_DOUBLE_ARITHMETIC_IN_MODE(rz, simt::detail::Rounding::toward_zero)
SIMT_DOUBLE_ARITHMETIC_IN_MODE(rd, simt::detail::Rounding::down)
SIMT_DOUBLE_ARITHMETIC_IN_MODE(ru, simt::detail::Rounding::up)
#undef SIMT_DOUBLE_ARITHMETIC_IN_MODE

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
