#pragma once
/// @file
/// @brief The 16-bit floating-point formats of `cuda_fp16.h` and `cuda_bf16.h` (IEEE binary16:
/// 5 exponent bits, 10 fraction bits; bfloat16: 8 and 7), rounded as the GPU rounds them.
///
/// A conversion rounds the exact value once, in any of the four modes of `_rn`, `_rz`, `_rd`
/// and `_ru`: floats, doubles and 64-bit integers are exact in `long double` on x86-64 and
/// AArch64 alike. The GPU's arithmetic on these types is correctly rounded (add, sub, mul, fma,
/// and for bfloat16 the division), so the emulator computes each operation in double *rounding
/// to odd* (the exact result's last bit kept sticky: the error of the operation is found exactly
/// with an FMA or a two-sum) and rounds that once more to the narrow format, which gives the
/// correctly rounded result for any format at least two bits narrower than double (Boldo and
/// Melquiond, "When double rounding is odd", 2005). Internal.

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace simt::detail {

/// @brief A rounding mode: `_rn`, `_rz`, `_rd`, `_ru`.
enum class Rounding { nearest_even, toward_zero, down, up };

/// @brief A binary floating-point format of 16 bits: sign, `E` exponent bits, `M` fraction bits.
template <int E, int M>
struct NarrowFormat {
  static_assert(1 + E + M == 16, "a 16-bit format");
  static constexpr int bias = (1 << (E - 1)) - 1;
  static constexpr int min_exponent = 1 - bias;  ///< of normal numbers
  static constexpr int max_exponent = bias;
  static constexpr std::uint16_t sign_bit = 0x8000;
  static constexpr std::uint16_t exponent_mask = ((1u << E) - 1u) << M;
  static constexpr std::uint16_t fraction_mask = (1u << M) - 1u;
  static constexpr std::uint16_t infinity = exponent_mask;
  /// The NaN the GPU's conversions and arithmetic produce (all ones but the sign).
  static constexpr std::uint16_t canonical_nan = 0x7fff;
  static constexpr std::uint16_t max_finite = exponent_mask - (1u << M) + fraction_mask;

  static constexpr bool is_nan(std::uint16_t bits) {
    return (bits & exponent_mask) == exponent_mask && (bits & fraction_mask) != 0;
  }
  static constexpr bool is_infinite(std::uint16_t bits) { return (bits & ~sign_bit) == infinity; }

  /// @brief The exact value of `bits` (NaNs keep their payload in the high fraction bits).
  static double to_double(std::uint16_t bits) {
    const bool negative = (bits & sign_bit) != 0;
    const unsigned exponent = (bits & exponent_mask) >> M;
    const unsigned fraction = bits & fraction_mask;
    double magnitude;
    if (exponent == (1u << E) - 1u) {
      if (fraction == 0) return negative ? -HUGE_VAL : HUGE_VAL;
      // A NaN: its fraction becomes the top of double's, as the GPU's widening does.
      const std::uint64_t nan = 0x7ff0000000000000ull |
                                (static_cast<std::uint64_t>(fraction) << (52 - M)) |
                                (negative ? 0x8000000000000000ull : 0);
      return std::bit_cast<double>(nan);
    }
    // The fraction (with its implicit bit, for a normal number) times a power of two: exact, and
    // without ldexp's call (a half-precision kernel converts every element it reads).
    if (exponent == 0)
      magnitude = static_cast<double>(fraction) * power_of_two(min_exponent - M);
    else
      magnitude = static_cast<double>(fraction | (1u << M)) *
                  power_of_two(static_cast<int>(exponent) - bias - M);
    return negative ? -magnitude : magnitude;
  }

  /// @brief 2^e as a double, for e in double's normal range (every exponent of these formats).
  static double power_of_two(int e) {
    return std::bit_cast<double>(static_cast<std::uint64_t>(e + 1023) << 52);
  }

  /// @brief The value of `bits` as a float: exact; bfloat16 is the top half of a float, bit for
  /// bit (a NaN keeps its bits, as the GPU's move does), and a half NaN becomes the canonical
  /// float NaN 0x7fffffff, as an H100's `cvt.f32.f16` gives it.
  static float to_float(std::uint16_t bits) {
    if constexpr (E == 8) {
      return std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
    } else {
      const unsigned magnitude = bits & ~sign_bit;
      const bool subnormal = magnitude - 1u < (1u << M) - 1u;  // 1 .. 2^M - 1 (0 wraps around)
      if (magnitude >= infinity || subnormal) [[unlikely]] {
        if (is_nan(bits)) return std::bit_cast<float>(0x7fffffffu);
        return static_cast<float>(to_double(bits));
      }
      // A normal number or zero: the same fraction, the exponent rebiased (the common case, and
      // the one a half-precision kernel converts for every element it reads; without a branch
      // between zero and the others, which a kernel's data mixes unpredictably).
      const std::uint32_t sign = static_cast<std::uint32_t>(bits & sign_bit) << 16;
      const std::uint32_t rebiased = magnitude == 0 ? 0u : magnitude + ((127u - bias) << M);
      return std::bit_cast<float>(sign | (rebiased << (23 - M)));
    }
  }

  /// @brief `x` rounded to nearest even, as `cvt.rn.f16.f64` and `cvt.rn.bf16.f64` do: unlike the
  /// conversion from float, a NaN keeps its sign and the top of its payload, made quiet (as
  /// measured on an H100).
  static std::uint16_t from_double(double x) {
    if (!std::isnan(x)) return from(x, Rounding::nearest_even);
    const auto bits = std::bit_cast<std::uint64_t>(x);
    const auto sign = static_cast<std::uint16_t>((bits >> 48) & sign_bit);
    const auto payload = static_cast<std::uint16_t>((bits >> (52 - M)) & fraction_mask);
    return static_cast<std::uint16_t>(sign | exponent_mask | (1u << (M - 1)) | payload);
  }

  /// @brief `x` rounded to this format in `mode`; NaN gives the canonical NaN. The same
  /// rounding as from(long double), on the double's bits in integers: the arithmetic on these
  /// types rounds every result through here, and the long double's frexp, ldexp and fmod took
  /// most of a half-precision kernel's time.
  static std::uint16_t from(double x, Rounding mode) {
    const auto bits = std::bit_cast<std::uint64_t>(x);
    const bool negative = (bits >> 63) != 0;
    const std::uint16_t sign = negative ? sign_bit : 0;
    const std::uint64_t magnitude = bits & ~(1ull << 63);
    constexpr std::uint64_t double_infinity = 0x7ff0000000000000ull;
    if (magnitude > double_infinity) return canonical_nan;
    if (magnitude == double_infinity) return sign | infinity;
    if (magnitude == 0) return sign;
    // x = significand * 2^(leading - 52); a subnormal double (far below this format's range)
    // has no implicit bit and the exponent of the smallest normal one.
    const auto biased = static_cast<int>(magnitude >> 52);
    std::uint64_t significand = magnitude & ((1ull << 52) - 1);
    if (biased != 0) significand |= 1ull << 52;
    const int leading = (biased != 0 ? biased : 1) - 1023;
    const int exponent = leading < min_exponent ? min_exponent : leading;
    // x in units of the last place at that exponent: significand >> shift, and the rest.
    const int shift = 52 - M + exponent - leading;  // at least 52 - M
    std::uint64_t units = 0;
    bool above_half = false, at_half = false, inexact = true;
    if (shift < 64) {
      const std::uint64_t rest = significand & ((1ull << shift) - 1);
      const std::uint64_t half = 1ull << (shift - 1);
      units = significand >> shift;
      above_half = rest > half;
      at_half = rest == half;
      inexact = rest != 0;
    }  // else x is below half a unit: units 0, not exact
    return rounded(negative, units, exponent, {above_half, at_half, inexact}, mode);
  }

  /// @brief `x` rounded to this format in `mode`; NaN gives the canonical NaN.
  static std::uint16_t from(long double x, Rounding mode) {
    if (std::isnan(x)) return canonical_nan;
    const bool negative = std::signbit(x);
    const std::uint16_t sign = negative ? sign_bit : 0;
    const long double a = std::fabs(x);
    if (std::isinf(a)) return sign | infinity;
    if (a == 0) return sign;
    int e = 0;
    (void)std::frexp(a, &e);  // a = f * 2^e, f in [0.5, 1)
    const int exponent = e - 1 < min_exponent ? min_exponent : e - 1;
    // a in units of the last place at that exponent: exact, a power-of-two scaling.
    const long double scaled = std::ldexp(a, M - exponent);
    long double units = std::floor(scaled);
    const long double rest = scaled - units;
    return rounded(negative, static_cast<std::uint64_t>(units), exponent,
                   {rest > 0.5L, rest == 0.5L, rest != 0}, mode);
  }

 private:
  /// @brief What lies below the last place kept.
  struct Rest {
    bool above_half;  ///< More than half a unit of the last place.
    bool at_half;     ///< Exactly half.
    bool inexact;     ///< Anything at all.
  };

  /// @brief The encoding of `units` (below 2^(M + 1)) in the last place of `exponent`, rounded
  /// in `mode` by what was below them.
  static std::uint16_t rounded(bool negative, std::uint64_t units, int exponent, Rest rest,
                               Rounding mode) {
    const std::uint16_t sign = negative ? sign_bit : 0;
    bool away = false;
    switch (mode) {
      case Rounding::nearest_even:
        away = rest.above_half || (rest.at_half && (units & 1) != 0);
        break;
      case Rounding::toward_zero: break;
      case Rounding::down: away = negative && rest.inexact; break;
      case Rounding::up: away = !negative && rest.inexact; break;
    }
    if (away) ++units;
    if (units >= (2u << M)) {  // carried into the next exponent
      units >>= 1;
      ++exponent;
    }
    if (exponent > max_exponent) {
      const bool to_infinity = mode == Rounding::nearest_even ||
                               (mode == Rounding::up && !negative) ||
                               (mode == Rounding::down && negative);
      return sign | (to_infinity ? infinity : max_finite);
    }
    const auto n = static_cast<std::uint32_t>(units);
    if (n < (1u << M)) return static_cast<std::uint16_t>(sign | n);  // subnormal (or zero)
    return static_cast<std::uint16_t>(sign | (static_cast<unsigned>(exponent + bias) << M) |
                                      (n & fraction_mask));
  }
};

using HalfFormat = NarrowFormat<5, 10>;
using Bfloat16Format = NarrowFormat<8, 7>;

/// @brief `result` with its last bit made sticky: when the exact value was not `result` (its
/// error `error` is not zero) and `result`'s last bit is 0, the neighbour toward the exact value.
inline double round_to_odd(double result, double error) {
  if (error == 0 || !std::isfinite(result)) return result;
  if ((std::bit_cast<std::uint64_t>(result) & 1u) != 0) return result;
  return std::nextafter(result, error > 0 ? HUGE_VAL : -HUGE_VAL);
}
/// @brief a + b, rounded to odd (two-sum gives the exact error).
inline double odd_sum(double a, double b) {
  const double s = a + b;
  if (!std::isfinite(s)) return s;
  const double b_part = s - a;
  const double a_part = s - b_part;
  const double error = (a - a_part) + (b - b_part);
  return round_to_odd(s, error);
}
/// @brief a * b, rounded to odd.
inline double odd_product(double a, double b) {
  const double p = a * b;
  if (!std::isfinite(p)) return p;
  return round_to_odd(p, std::fma(a, b, -p));
}
/// @brief a / b, rounded to odd (the remainder a - q * b is exact with an FMA).
inline double odd_quotient(double a, double b) {
  const double q = a / b;
  if (!std::isfinite(q) || q == 0) return q;
  const double remainder = std::fma(-q, b, a);
  return round_to_odd(q, b > 0 ? remainder : -remainder);
}
/// @brief a * b + c with one rounding, to odd: the product of two 16-bit values is exact in
/// double, the sum is then rounded to odd.
inline double odd_fma(double a, double b, double c) { return odd_sum(a * b, c); }
/// @brief sqrt(a), rounded to odd.
inline double odd_sqrt(double a) {
  const double s = std::sqrt(a);
  if (!std::isfinite(s) || s == 0) return s;
  return round_to_odd(s, std::fma(-s, s, a));
}

/// @brief A 16-bit float converted to integer type I in `mode`, as the GPU's cvt.rni/rzi/rmi/rpi
/// do: out-of-range values saturate, NaN gives `nan_value`.
template <class I>
I narrow_to_integer(double value, Rounding mode, I nan_value) {
  if (std::isnan(value)) return nan_value;
  double r = value;
  switch (mode) {
    case Rounding::nearest_even: r = std::nearbyint(value); break;
    case Rounding::toward_zero: r = std::trunc(value); break;
    case Rounding::down: r = std::floor(value); break;
    case Rounding::up: r = std::ceil(value); break;
  }
  constexpr auto lowest = std::numeric_limits<I>::lowest();
  constexpr auto highest = std::numeric_limits<I>::max();
  if (r <= static_cast<double>(lowest)) return lowest;
  if (r >= static_cast<double>(highest)) return highest;
  return static_cast<I>(r);
}

}  // namespace simt::detail
