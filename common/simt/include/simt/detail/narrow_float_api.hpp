#pragma once
/// @file
/// @brief What `cuda_fp16.h` and `cuda_bf16.h` share: the functions and operators CUDA overloads
/// for `__half` and `__nv_bfloat16` (and their pairs) under one name, written once as templates
/// of the two types, and the families of conversions whose names differ only by the type's.
/// Internal: kernel files include the stand-ins, simt/cuda/cuda_fp16.h and cuda_bf16.h.
///
/// Exact on the emulator as on the GPU: conversions in every rounding mode, `__hadd`, `__hsub`,
/// `__hmul`, `__hfma` (and their `_rn`, `_sat`, `_relu` and pair forms), comparisons, `__hmax`,
/// `__hmin`, `__hneg`, `__habs`, `hrint`, `hfloor`, `hceil`, `htrunc`, bfloat16's `__hdiv`.
/// The GPU computes half's `__hdiv` and the math functions (`hsqrt`, `hexp`, `hsin`, ...) with
/// approximate float instructions; the emulator rounds the correctly rounded float result (or,
/// for `__hdiv`, follows the GPU's algorithm with an exact reciprocal), which the GPU may miss by
/// one unit in the last place.

#include <simt/cuda/vector_types.hpp>
#include <simt/detail/narrow_float.hpp>

#include <atomic>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>

namespace simt::detail {

/// @brief `__half` or `__nv_bfloat16`: 16 bits in a member `__x`, and the format they follow.
template <class T>
concept Narrow = requires(T t) {
  typename T::simt_format;
  { t.__x } -> std::convertible_to<unsigned short>;
};
/// @brief `__half2` or `__nv_bfloat162`: two of them, `x` and `y`.
template <class T>
concept NarrowPair = requires {
  typename T::simt_element;
}
&&Narrow<typename T::simt_element>;

template <Narrow T>
T narrow_from_bits(std::uint16_t bits) {
  T result;
  result.__x = bits;
  return result;
}
/// @brief The exact value of `h`.
template <Narrow T>
double value_of(T h) {
  return T::simt_format::to_double(h.__x);
}
/// @brief `x` rounded to T in `mode` (a 64-bit integer, exactly, as a long double).
template <Narrow T>
T narrow_of(long double x, Rounding mode = Rounding::nearest_even) {
  return narrow_from_bits<T>(T::simt_format::from(x, mode));
}
/// @brief `x` (a float, or an operation's result) rounded to T in `mode`.
template <Narrow T>
T narrow_of(double x, Rounding mode = Rounding::nearest_even) {
  return narrow_from_bits<T>(T::simt_format::from(x, mode));
}
template <Narrow T>
bool narrow_is_nan(T h) {
  return T::simt_format::is_nan(h.__x);
}
template <Narrow T>
T canonical_nan() {
  return narrow_from_bits<T>(T::simt_format::canonical_nan);
}
/// @brief `r` clamped to [0, 1], NaN to +0 (the `_sat` forms).
template <Narrow T>
T saturated(T r) {
  if (narrow_is_nan(r) || value_of(r) <= 0) return narrow_from_bits<T>(0);
  if (value_of(r) >= 1) return narrow_of<T>(1.0L);
  return r;
}
/// @brief `r` if positive, else +0; NaN stays NaN (the `_relu` forms).
template <Narrow T>
T relu(T r) {
  if (narrow_is_nan(r)) return canonical_nan<T>();
  return value_of(r) <= 0 ? narrow_from_bits<T>(0) : r;
}
/// @brief The larger (or smaller) of two values, IEEE 754's maximumNumber: a NaN loses to a
/// number, and +0 is above -0.
template <Narrow T>
T narrow_max(T a, T b, bool propagate_nan) {
  const bool na = narrow_is_nan(a), nb = narrow_is_nan(b);
  if (na || nb) {
    if (propagate_nan || (na && nb)) return canonical_nan<T>();
    return na ? b : a;
  }
  const double x = value_of(a), y = value_of(b);
  if (x == y) return std::signbit(x) ? b : a;
  return x > y ? a : b;
}
template <Narrow T>
T narrow_min(T a, T b, bool propagate_nan) {
  const bool na = narrow_is_nan(a), nb = narrow_is_nan(b);
  if (na || nb) {
    if (propagate_nan || (na && nb)) return canonical_nan<T>();
    return na ? b : a;
  }
  const double x = value_of(a), y = value_of(b);
  if (x == y) return std::signbit(x) ? a : b;
  return x < y ? a : b;
}
/// @brief A function of the float value, rounded back (the approximate math functions).
template <Narrow T, class F>
T through_float(T a, F f) {
  return narrow_of<T>(static_cast<long double>(f(static_cast<float>(value_of(a)))));
}
/// @brief `f` on both halves of a pair.
template <NarrowPair P, class F>
P on_pair(P a, F f) {
  return P{f(a.x), f(a.y)};
}
template <NarrowPair P, class F>
P on_pairs(P a, P b, F f) {
  return P{f(a.x, b.x), f(a.y, b.y)};
}
template <NarrowPair P, class F>
P on_pairs(P a, P b, P c, F f) {
  return P{f(a.x, b.x, c.x), f(a.y, b.y, c.y)};
}
/// @brief 1.0 or 0.0 in T, for the comparisons of pairs that return a pair.
template <Narrow T>
T narrow_truth(bool b) {
  return narrow_of<T>(b ? 1.0L : 0.0L);
}

}  // namespace simt::detail

// -- Arithmetic --------------------------------------------------------------------------------

template <simt::detail::Narrow T>
T __hadd(T a, std::type_identity_t<T> b) {
  using namespace simt::detail;
  return narrow_of<T>(odd_sum(value_of(a), value_of(b)));
}
template <simt::detail::Narrow T>
T __hsub(T a, std::type_identity_t<T> b) {
  using namespace simt::detail;
  return narrow_of<T>(odd_sum(value_of(a), -value_of(b)));
}
template <simt::detail::Narrow T>
T __hmul(T a, std::type_identity_t<T> b) {
  using namespace simt::detail;
  return narrow_of<T>(odd_product(value_of(a), value_of(b)));
}
template <simt::detail::Narrow T>
T __hfma(T a, std::type_identity_t<T> b, std::type_identity_t<T> c) {
  using namespace simt::detail;
  return narrow_of<T>(odd_fma(value_of(a), value_of(b), value_of(c)));
}
/// @brief The `_rn` forms: never contracted into an FMA on the GPU; the emulator never
/// contracts.
template <simt::detail::Narrow T>
T __hadd_rn(T a, std::type_identity_t<T> b) {
  return __hadd(a, b);
}
template <simt::detail::Narrow T>
T __hsub_rn(T a, std::type_identity_t<T> b) {
  return __hsub(a, b);
}
template <simt::detail::Narrow T>
T __hmul_rn(T a, std::type_identity_t<T> b) {
  return __hmul(a, b);
}
template <simt::detail::Narrow T>
T __hadd_sat(T a, std::type_identity_t<T> b) {
  return simt::detail::saturated(__hadd(a, b));
}
template <simt::detail::Narrow T>
T __hsub_sat(T a, std::type_identity_t<T> b) {
  return simt::detail::saturated(__hsub(a, b));
}
template <simt::detail::Narrow T>
T __hmul_sat(T a, std::type_identity_t<T> b) {
  return simt::detail::saturated(__hmul(a, b));
}
template <simt::detail::Narrow T>
T __hfma_sat(T a, std::type_identity_t<T> b, std::type_identity_t<T> c) {
  return simt::detail::saturated(__hfma(a, b, c));
}
template <simt::detail::Narrow T>
T __hfma_relu(T a, std::type_identity_t<T> b, std::type_identity_t<T> c) {
  return simt::detail::relu(__hfma(a, b, c));
}
/// @brief The sign flipped; a NaN gives the canonical NaN (`neg.f16` and `neg.bf16` on an H100).
template <simt::detail::Narrow T>
T __hneg(T a) {
  if (simt::detail::narrow_is_nan(a)) return simt::detail::canonical_nan<T>();
  return simt::detail::narrow_from_bits<T>(static_cast<std::uint16_t>(a.__x ^ 0x8000u));
}
/// @brief The sign cleared; a NaN gives the canonical NaN.
template <simt::detail::Narrow T>
T __habs(T a) {
  if (simt::detail::narrow_is_nan(a)) return simt::detail::canonical_nan<T>();
  return simt::detail::narrow_from_bits<T>(static_cast<std::uint16_t>(a.__x & 0x7fffu));
}

// -- Comparisons: ordered ones are false with a NaN, unordered (`u`) ones true ---------------

#define SIMT_NARROW_COMPARISON(name, op)                                       \
  template <simt::detail::Narrow T>                                            \
  bool name(T a, std::type_identity_t<T> b) {                                  \
    return simt::detail::value_of(a) op simt::detail::value_of(b);             \
  }                                                                            \
  template <simt::detail::Narrow T>                                            \
  bool name##u(T a, std::type_identity_t<T> b) {                               \
    return simt::detail::narrow_is_nan(a) || simt::detail::narrow_is_nan(b) || \
           simt::detail::value_of(a) op simt::detail::value_of(b);             \
  }
SIMT_NARROW_COMPARISON(__heq, ==)
SIMT_NARROW_COMPARISON(__hle, <=)
SIMT_NARROW_COMPARISON(__hge, >=)
SIMT_NARROW_COMPARISON(__hlt, <)
SIMT_NARROW_COMPARISON(__hgt, >)
#undef SIMT_NARROW_COMPARISON
template <simt::detail::Narrow T>
bool __hne(T a, std::type_identity_t<T> b) {
  return !simt::detail::narrow_is_nan(a) && !simt::detail::narrow_is_nan(b) &&
         simt::detail::value_of(a) != simt::detail::value_of(b);
}
template <simt::detail::Narrow T>
bool __hneu(T a, std::type_identity_t<T> b) {
  return !__heq(a, b);
}
template <simt::detail::Narrow T>
bool __hisnan(T a) {
  return simt::detail::narrow_is_nan(a);
}
/// @brief 1 for +infinity, -1 for -infinity, else 0.
template <simt::detail::Narrow T>
int __hisinf(T a) {
  if (!T::simt_format::is_infinite(a.__x)) return 0;
  return (a.__x & 0x8000u) != 0 ? -1 : 1;
}
template <simt::detail::Narrow T>
T __hmax(T a, std::type_identity_t<T> b) {
  return simt::detail::narrow_max(a, b, false);
}
template <simt::detail::Narrow T>
T __hmin(T a, std::type_identity_t<T> b) {
  return simt::detail::narrow_min(a, b, false);
}
template <simt::detail::Narrow T>
T __hmax_nan(T a, std::type_identity_t<T> b) {
  return simt::detail::narrow_max(a, b, true);
}
template <simt::detail::Narrow T>
T __hmin_nan(T a, std::type_identity_t<T> b) {
  return simt::detail::narrow_min(a, b, true);
}

// -- Math --------------------------------------------------------------------------------------

template <simt::detail::Narrow T>
T hrint(T a) {
  return simt::detail::narrow_of<T>(std::nearbyint(simt::detail::value_of(a)));
}
template <simt::detail::Narrow T>
T hfloor(T a) {
  return simt::detail::narrow_of<T>(std::floor(simt::detail::value_of(a)));
}
template <simt::detail::Narrow T>
T hceil(T a) {
  return simt::detail::narrow_of<T>(std::ceil(simt::detail::value_of(a)));
}
template <simt::detail::Narrow T>
T htrunc(T a) {
  return simt::detail::narrow_of<T>(std::trunc(simt::detail::value_of(a)));
}
template <simt::detail::Narrow T>
T hsqrt(T a) {
  return simt::detail::narrow_of<T>(simt::detail::odd_sqrt(simt::detail::value_of(a)));
}
template <simt::detail::Narrow T>
T hrcp(T a) {
  return simt::detail::narrow_of<T>(simt::detail::odd_quotient(1.0, simt::detail::value_of(a)));
}
template <simt::detail::Narrow T>
T hrsqrt(T a) {
  return simt::detail::through_float(a, [](float x) { return 1.0f / std::sqrt(x); });
}
#define SIMT_NARROW_MATH(name, function)                                        \
  template <simt::detail::Narrow T>                                             \
  T name(T a) {                                                                 \
    return simt::detail::through_float(a, [](float x) { return function(x); }); \
  }
SIMT_NARROW_MATH(hexp, std::exp)
SIMT_NARROW_MATH(hexp2, std::exp2)
SIMT_NARROW_MATH(hexp10, [](float v) { return std::pow(10.0f, v); })
SIMT_NARROW_MATH(hlog, std::log)
SIMT_NARROW_MATH(hlog2, std::log2)
SIMT_NARROW_MATH(hlog10, std::log10)
SIMT_NARROW_MATH(hsin, std::sin)
SIMT_NARROW_MATH(hcos, std::cos)
SIMT_NARROW_MATH(htanh, std::tanh)
#undef SIMT_NARROW_MATH

// -- Operators ---------------------------------------------------------------------------------

template <simt::detail::Narrow T>
T operator+(const T& a, const T& b) {
  return __hadd(a, b);
}
template <simt::detail::Narrow T>
T operator-(const T& a, const T& b) {
  return __hsub(a, b);
}
template <simt::detail::Narrow T>
T operator*(const T& a, const T& b) {
  return __hmul(a, b);
}
template <simt::detail::Narrow T>
T operator/(const T& a, const T& b) {
  return __hdiv(a, b);
}
template <simt::detail::Narrow T>
T& operator+=(T& a, const T& b) {
  return a = __hadd(a, b);
}
template <simt::detail::Narrow T>
T& operator-=(T& a, const T& b) {
  return a = __hsub(a, b);
}
template <simt::detail::Narrow T>
T& operator*=(T& a, const T& b) {
  return a = __hmul(a, b);
}
template <simt::detail::Narrow T>
T& operator/=(T& a, const T& b) {
  return a = __hdiv(a, b);
}
template <simt::detail::Narrow T>
T& operator++(T& a) {
  return a = __hadd(a, simt::detail::narrow_of<T>(1.0L));
}
template <simt::detail::Narrow T>
T& operator--(T& a) {
  return a = __hsub(a, simt::detail::narrow_of<T>(1.0L));
}
template <simt::detail::Narrow T>
T operator++(T& a, int) {
  const T old = a;
  ++a;
  return old;
}
template <simt::detail::Narrow T>
T operator--(T& a, int) {
  const T old = a;
  --a;
  return old;
}
template <simt::detail::Narrow T>
T operator+(const T& a) {
  return a;
}
template <simt::detail::Narrow T>
T operator-(const T& a) {
  return __hneg(a);
}
template <simt::detail::Narrow T>
bool operator==(const T& a, const T& b) {
  return __heq(a, b);
}
template <simt::detail::Narrow T>
bool operator!=(const T& a, const T& b) {
  return __hneu(a, b);
}
template <simt::detail::Narrow T>
bool operator<(const T& a, const T& b) {
  return __hlt(a, b);
}
template <simt::detail::Narrow T>
bool operator>(const T& a, const T& b) {
  return __hgt(a, b);
}
template <simt::detail::Narrow T>
bool operator<=(const T& a, const T& b) {
  return __hle(a, b);
}
template <simt::detail::Narrow T>
bool operator>=(const T& a, const T& b) {
  return __hge(a, b);
}

// -- Pairs -------------------------------------------------------------------------------------

#define SIMT_PAIR_BINARY(name, scalar)                                                \
  template <simt::detail::NarrowPair P>                                               \
  P name(P a, std::type_identity_t<P> b) {                                            \
    return simt::detail::on_pairs(a, b, [](auto x, auto y) { return scalar(x, y); }); \
  }
SIMT_PAIR_BINARY(__hadd2, __hadd)
SIMT_PAIR_BINARY(__hsub2, __hsub)
SIMT_PAIR_BINARY(__hmul2, __hmul)
SIMT_PAIR_BINARY(__h2div, __hdiv)
SIMT_PAIR_BINARY(__hadd2_rn, __hadd)
SIMT_PAIR_BINARY(__hsub2_rn, __hsub)
SIMT_PAIR_BINARY(__hmul2_rn, __hmul)
SIMT_PAIR_BINARY(__hadd2_sat, __hadd_sat)
SIMT_PAIR_BINARY(__hsub2_sat, __hsub_sat)
SIMT_PAIR_BINARY(__hmul2_sat, __hmul_sat)
SIMT_PAIR_BINARY(__hmax2, __hmax)
SIMT_PAIR_BINARY(__hmin2, __hmin)
SIMT_PAIR_BINARY(__hmax2_nan, __hmax_nan)
SIMT_PAIR_BINARY(__hmin2_nan, __hmin_nan)
#undef SIMT_PAIR_BINARY

template <simt::detail::NarrowPair P>
P __hfma2(P a, std::type_identity_t<P> b, std::type_identity_t<P> c) {
  return simt::detail::on_pairs(a, b, c, [](auto x, auto y, auto z) { return __hfma(x, y, z); });
}
template <simt::detail::NarrowPair P>
P __hfma2_sat(P a, std::type_identity_t<P> b, std::type_identity_t<P> c) {
  return simt::detail::on_pairs(a, b, c,
                                [](auto x, auto y, auto z) { return __hfma_sat(x, y, z); });
}
template <simt::detail::NarrowPair P>
P __hfma2_relu(P a, std::type_identity_t<P> b, std::type_identity_t<P> c) {
  return simt::detail::on_pairs(a, b, c,
                                [](auto x, auto y, auto z) { return __hfma_relu(x, y, z); });
}
template <simt::detail::NarrowPair P>
P __hneg2(P a) {
  return simt::detail::on_pair(a, [](auto x) { return __hneg(x); });
}
template <simt::detail::NarrowPair P>
P __habs2(P a) {
  return simt::detail::on_pair(a, [](auto x) { return __habs(x); });
}
/// @brief The complex product a * b plus c, (x, y) being (real, imaginary).
template <simt::detail::NarrowPair P>
P __hcmadd(P a, std::type_identity_t<P> b, std::type_identity_t<P> c) {
  return P{__hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x)),
           __hfma(a.x, b.y, __hfma(a.y, b.x, c.y))};
}

// The comparisons of pairs: as a pair of 1.0 and 0.0, as a mask of 0xffff per half, or one bool
// for both halves (`__hb...`).
#define SIMT_PAIR_COMPARISON(name, scalar)                                            \
  template <simt::detail::NarrowPair P>                                               \
  P name##2(P a, std::type_identity_t<P> b) {                                         \
    using T = typename P::simt_element;                                               \
    return P{simt::detail::narrow_truth<T>(scalar(a.x, b.x)),                         \
             simt::detail::narrow_truth<T>(scalar(a.y, b.y))};                        \
  }                                                                                   \
  template <simt::detail::NarrowPair P>                                               \
  unsigned name##2_mask(P a, std::type_identity_t<P> b) {                             \
    return (scalar(a.x, b.x) ? 0xffffu : 0u) | (scalar(a.y, b.y) ? 0xffff0000u : 0u); \
  }
SIMT_PAIR_COMPARISON(__heq, __heq)
SIMT_PAIR_COMPARISON(__hne, __hne)
SIMT_PAIR_COMPARISON(__hle, __hle)
SIMT_PAIR_COMPARISON(__hge, __hge)
SIMT_PAIR_COMPARISON(__hlt, __hlt)
SIMT_PAIR_COMPARISON(__hgt, __hgt)
SIMT_PAIR_COMPARISON(__hequ, __hequ)
SIMT_PAIR_COMPARISON(__hneu, __hneu)
SIMT_PAIR_COMPARISON(__hleu, __hleu)
SIMT_PAIR_COMPARISON(__hgeu, __hgeu)
SIMT_PAIR_COMPARISON(__hltu, __hltu)
SIMT_PAIR_COMPARISON(__hgtu, __hgtu)
#undef SIMT_PAIR_COMPARISON
#define SIMT_PAIR_BOTH(name, scalar)             \
  template <simt::detail::NarrowPair P>          \
  bool name(P a, std::type_identity_t<P> b) {    \
    return scalar(a.x, b.x) && scalar(a.y, b.y); \
  }
SIMT_PAIR_BOTH(__hbeq2, __heq)
SIMT_PAIR_BOTH(__hbne2, __hne)
SIMT_PAIR_BOTH(__hble2, __hle)
SIMT_PAIR_BOTH(__hbge2, __hge)
SIMT_PAIR_BOTH(__hblt2, __hlt)
SIMT_PAIR_BOTH(__hbgt2, __hgt)
SIMT_PAIR_BOTH(__hbequ2, __hequ)
SIMT_PAIR_BOTH(__hbneu2, __hneu)
SIMT_PAIR_BOTH(__hbleu2, __hleu)
SIMT_PAIR_BOTH(__hbgeu2, __hgeu)
SIMT_PAIR_BOTH(__hbltu2, __hltu)
SIMT_PAIR_BOTH(__hbgtu2, __hgtu)
#undef SIMT_PAIR_BOTH
template <simt::detail::NarrowPair P>
P __hisnan2(P a) {
  using T = typename P::simt_element;
  return P{simt::detail::narrow_truth<T>(__hisnan(a.x)),
           simt::detail::narrow_truth<T>(__hisnan(a.y))};
}

#define SIMT_PAIR_MATH(name, scalar)                                   \
  template <simt::detail::NarrowPair P>                                \
  P name(P a) {                                                        \
    return simt::detail::on_pair(a, [](auto x) { return scalar(x); }); \
  }
SIMT_PAIR_MATH(h2rint, hrint)
SIMT_PAIR_MATH(h2floor, hfloor)
SIMT_PAIR_MATH(h2ceil, hceil)
SIMT_PAIR_MATH(h2trunc, htrunc)
SIMT_PAIR_MATH(h2sqrt, hsqrt)
SIMT_PAIR_MATH(h2rcp, hrcp)
SIMT_PAIR_MATH(h2rsqrt, hrsqrt)
SIMT_PAIR_MATH(h2exp, hexp)
SIMT_PAIR_MATH(h2exp2, hexp2)
SIMT_PAIR_MATH(h2exp10, hexp10)
SIMT_PAIR_MATH(h2log, hlog)
SIMT_PAIR_MATH(h2log2, hlog2)
SIMT_PAIR_MATH(h2log10, hlog10)
SIMT_PAIR_MATH(h2sin, hsin)
SIMT_PAIR_MATH(h2cos, hcos)
SIMT_PAIR_MATH(h2tanh, htanh)
#undef SIMT_PAIR_MATH

/// @brief The halves of a pair as floats, and a pair with its halves swapped.
template <simt::detail::NarrowPair P>
float __low2float(P a) {
  return P::simt_element::simt_format::to_float(a.x.__x);
}
template <simt::detail::NarrowPair P>
float __high2float(P a) {
  return P::simt_element::simt_format::to_float(a.y.__x);
}
template <simt::detail::NarrowPair P>
P __lowhigh2highlow(P a) {
  return P{a.y, a.x};
}

template <simt::detail::NarrowPair P>
P operator+(const P& a, const P& b) {
  return __hadd2(a, b);
}
template <simt::detail::NarrowPair P>
P operator-(const P& a, const P& b) {
  return __hsub2(a, b);
}
template <simt::detail::NarrowPair P>
P operator*(const P& a, const P& b) {
  return __hmul2(a, b);
}
template <simt::detail::NarrowPair P>
P operator/(const P& a, const P& b) {
  return __h2div(a, b);
}
template <simt::detail::NarrowPair P>
P& operator+=(P& a, const P& b) {
  return a = __hadd2(a, b);
}
template <simt::detail::NarrowPair P>
P& operator-=(P& a, const P& b) {
  return a = __hsub2(a, b);
}
template <simt::detail::NarrowPair P>
P& operator*=(P& a, const P& b) {
  return a = __hmul2(a, b);
}
template <simt::detail::NarrowPair P>
P& operator/=(P& a, const P& b) {
  return a = __h2div(a, b);
}
template <simt::detail::NarrowPair P>
P operator-(const P& a) {
  return __hneg2(a);
}
template <simt::detail::NarrowPair P>
P operator+(const P& a) {
  return a;
}
template <simt::detail::NarrowPair P>
bool operator==(const P& a, const P& b) {
  return __hbeq2(a, b);
}
template <simt::detail::NarrowPair P>
bool operator!=(const P& a, const P& b) {
  return __hbneu2(a, b);
}
template <simt::detail::NarrowPair P>
bool operator<(const P& a, const P& b) {
  return __hblt2(a, b);
}
template <simt::detail::NarrowPair P>
bool operator>(const P& a, const P& b) {
  return __hbgt2(a, b);
}
template <simt::detail::NarrowPair P>
bool operator<=(const P& a, const P& b) {
  return __hble2(a, b);
}
template <simt::detail::NarrowPair P>
bool operator>=(const P& a, const P& b) {
  return __hbge2(a, b);
}

// -- Atomics -----------------------------------------------------------------------------------

/// @brief `*address += value` atomically (a compare-and-swap loop of the 16 or 32 bits);
/// returns the old value.
template <class T>
requires simt::detail::Narrow<T> || simt::detail::NarrowPair<T> T
atomicAdd(T* address, std::type_identity_t<T> value) {
  std::atomic_ref<T> ref(*address);
  T old = ref.load(std::memory_order_relaxed);
  while (!ref.compare_exchange_weak(old, old + value, std::memory_order_relaxed)) {
  }
  return old;
}

// -- The families of conversions whose names differ only by the type's -------------------------

/// Conversions between a 16-bit type (`Type`, named `name` in the functions: half, bfloat16) and
/// an integer type (`I`, named `iname`: int, uint, short, ...), in the four rounding modes:
/// `__half2int_rn` ... and `__int2half_rn` ...; a NaN converts to `nan`.
#define SIMT_NARROW_INTEGER_MODE(name, Type, iname, I, nan, mode, rounding)        \
  inline I __##name##2##iname##_##mode(Type h) {                                   \
    return simt::detail::narrow_to_integer<I>(simt::detail::value_of(h), rounding, \
                                              static_cast<I>(nan));                \
  }                                                                                \
  inline Type __##iname##2##name##_##mode(I i) {                                   \
    return simt::detail::narrow_of<Type>(static_cast<long double>(i), rounding);   \
  }
#define SIMT_NARROW_INTEGER_FAMILY(name, Type, iname, I, nan)                                   \
  SIMT_NARROW_INTEGER_MODE(name, Type, iname, I, nan, rn, simt::detail::Rounding::nearest_even) \
  SIMT_NARROW_INTEGER_MODE(name, Type, iname, I, nan, rz, simt::detail::Rounding::toward_zero)  \
  SIMT_NARROW_INTEGER_MODE(name, Type, iname, I, nan, rd, simt::detail::Rounding::down)         \
  SIMT_NARROW_INTEGER_MODE(name, Type, iname, I, nan, ru, simt::detail::Rounding::up)
#define SIMT_NARROW_INTEGER_CONVERSIONS(name, Type)                                                \
  SIMT_NARROW_INTEGER_FAMILY(name, Type, int, int, 0)                                              \
  SIMT_NARROW_INTEGER_FAMILY(name, Type, uint, unsigned int, 0)                                    \
  SIMT_NARROW_INTEGER_FAMILY(name, Type, short, short, 0)                                          \
  SIMT_NARROW_INTEGER_FAMILY(name, Type, ushort, unsigned short, 0)                                \
  SIMT_NARROW_INTEGER_FAMILY(name, Type, ll, long long, 0x8000000000000000ull)                     \
  SIMT_NARROW_INTEGER_FAMILY(name, Type, ull, unsigned long long, 0x8000000000000000ull)           \
  inline signed char __##name##2char_rz(Type h) {                                                  \
    return simt::detail::narrow_to_integer<signed char>(simt::detail::value_of(h),                 \
                                                        simt::detail::Rounding::toward_zero, 0);   \
  }                                                                                                \
  inline unsigned char __##name##2uchar_rz(Type h) {                                               \
    return simt::detail::narrow_to_integer<unsigned char>(simt::detail::value_of(h),               \
                                                          simt::detail::Rounding::toward_zero, 0); \
  }

/// Conversions from float and double (four modes), to float, and the bit casts: `__float2half`,
/// `__float2half_rz`, `__half2float`, `__half_as_ushort`, `__ushort_as_half`, ...
#define SIMT_NARROW_FLOAT_CONVERSIONS(name, Type)                                       \
  inline Type __float2##name(float f) { return simt::detail::narrow_of<Type>(f); }      \
  inline Type __float2##name##_rn(float f) { return simt::detail::narrow_of<Type>(f); } \
  inline Type __float2##name##_rz(float f) {                                            \
    return simt::detail::narrow_of<Type>(f, simt::detail::Rounding::toward_zero);       \
  }                                                                                     \
  inline Type __float2##name##_rd(float f) {                                            \
    return simt::detail::narrow_of<Type>(f, simt::detail::Rounding::down);              \
  }                                                                                     \
  inline Type __float2##name##_ru(float f) {                                            \
    return simt::detail::narrow_of<Type>(f, simt::detail::Rounding::up);                \
  }                                                                                     \
  inline Type __double2##name(double d) {                                               \
    return simt::detail::narrow_from_bits<Type>(Type::simt_format::from_double(d));     \
  }                                                                                     \
  inline float __##name##2float(Type h) { return Type::simt_format::to_float(h.__x); }  \
  inline short __##name##_as_short(Type h) { return static_cast<short>(h.__x); }        \
  inline unsigned short __##name##_as_ushort(Type h) { return h.__x; }                  \
  inline Type __short_as_##name(short s) {                                              \
    return simt::detail::narrow_from_bits<Type>(static_cast<std::uint16_t>(s));         \
  }                                                                                     \
  inline Type __ushort_as_##name(unsigned short s) {                                    \
    return simt::detail::narrow_from_bits<Type>(s);                                     \
  }

/// The pair functions whose names carry the type's (`__halves2half2`, `__low2bfloat16`, ...).
#define SIMT_NARROW_PAIR_FUNCTIONS(name, Type, Pair)                       \
  inline Pair __float2##name##2_rn(float f) {                              \
    const Type h = __float2##name##_rn(f);                                 \
    return Pair{h, h};                                                     \
  }                                                                        \
  inline Pair __floats2##name##2_rn(float a, float b) {                    \
    return Pair{__float2##name##_rn(a), __float2##name##_rn(b)};           \
  }                                                                        \
  inline Pair __float22##name##2_rn(float2 f) {                            \
    return Pair{__float2##name##_rn(f.x), __float2##name##_rn(f.y)};       \
  }                                                                        \
  inline Pair __##name##2##name##2(Type h) { return Pair{h, h}; }          \
  inline Pair __halves2##name##2(Type a, Type b) { return Pair{a, b}; }    \
  inline Pair __lows2##name##2(Pair a, Pair b) { return Pair{a.x, b.x}; }  \
  inline Pair __highs2##name##2(Pair a, Pair b) { return Pair{a.y, b.y}; } \
  inline Type __low2##name(Pair a) { return a.x; }                         \
  inline Type __high2##name(Pair a) { return a.y; }                        \
  inline Pair __low2##name##2(Pair a) { return Pair{a.x, a.x}; }           \
  inline Pair __high2##name##2(Pair a) { return Pair{a.y, a.y}; }          \
  inline Pair make_##name##2(Type a, Type b) { return Pair{a, b}; }
