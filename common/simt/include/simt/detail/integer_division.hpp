#pragma once
/// @file
/// @brief The translation's integer division: `a / b` and `a % b` of integers in kernel code
/// become quotient() and remainder(), so that a division by zero (or the most negative value
/// divided by -1), which traps on the CPU, is reported with checks on and gives the H100's value
/// with checks off instead of killing the program. Internal.
///
/// Division by zero is undefined in C++ and PTX leaves `div` by zero unspecified. The values here
/// are what an H100 gave (nvcc 13.0, -O3, `-arch=sm_90`): a 32-bit quotient of all ones (-1 signed,
/// 0xffffffff unsigned) and the dividend as remainder; a 64-bit quotient of all ones, except that
/// operands whose values fit in 32 bits take nvcc's 32-bit division and give 0xffffffff; the most
/// negative value divided by -1 gives itself and remainder 0 (two's complement wrap-around).

#include <cstdint>
#include <type_traits>
#include <utility>

namespace simt::detail {

/// @brief Reports a division by zero in kernel code when the launch has checks on (throws
/// KernelError naming kernel, block, thread and line); returns with checks off.
void report_division_by_zero(bool remainder, const char* file, unsigned line);

/// @brief What the H100 gives for `dividend / 0` in the type `R` (see the file's comment).
template <class R>
constexpr R quotient_by_zero(R dividend) {
  using U = std::make_unsigned_t<R>;
  if constexpr (sizeof(R) == 8) {
    if ((static_cast<std::uint64_t>(dividend) >> 32) == 0) return static_cast<R>(0xffffffffu);
  }
  return static_cast<R>(~U{0});
}

/// @brief `a / b` as kernel code computes it, for integers and everything else alike.
template <class A, class B>
[[gnu::always_inline]] constexpr auto quotient(A&& a, B&& b, const char* file, unsigned line)
    -> decltype(std::forward<A>(a) / std::forward<B>(b)) {
  using R = decltype(std::forward<A>(a) / std::forward<B>(b));
  if constexpr (std::is_integral_v<R> && !std::is_same_v<R, bool>) {
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    if (y == 0) [[unlikely]] {
      if (!std::is_constant_evaluated()) report_division_by_zero(false, file, line);
      return quotient_by_zero<R>(x);
    }
    if constexpr (std::is_signed_v<R> && sizeof(R) <= 8) {
      if (y == -1) return static_cast<R>(std::uint64_t{0} - static_cast<std::uint64_t>(x));
    }
    return static_cast<R>(x / y);
  } else {
    return std::forward<A>(a) / std::forward<B>(b);
  }
}

/// @brief `a % b` as kernel code computes it: the dividend for a zero divisor.
template <class A, class B>
[[gnu::always_inline]] constexpr auto remainder(A&& a, B&& b, const char* file, unsigned line)
    -> decltype(std::forward<A>(a) % std::forward<B>(b)) {
  using R = decltype(std::forward<A>(a) % std::forward<B>(b));
  if constexpr (std::is_integral_v<R> && !std::is_same_v<R, bool>) {
    const R x = static_cast<R>(a), y = static_cast<R>(b);
    if (y == 0) [[unlikely]] {
      if (!std::is_constant_evaluated()) report_division_by_zero(true, file, line);
      return x;
    }
    if constexpr (std::is_signed_v<R>) {
      if (y == -1) return R{0};
    }
    return static_cast<R>(x % y);
  } else {
    return std::forward<A>(a) % std::forward<B>(b);
  }
}

/// @brief `x /= b`: the same conversions as `x = x / b`.
template <class L, class B>
[[gnu::always_inline]] constexpr L& divide_assign(L& x, B&& b, const char* file, unsigned line) {
  x = static_cast<L>(quotient(x, std::forward<B>(b), file, line));
  return x;
}
/// @brief `x %= b`: the same conversions as `x = x % b`.
template <class L, class B>
[[gnu::always_inline]] constexpr L& remainder_assign(L& x, B&& b, const char* file, unsigned line) {
  x = static_cast<L>(remainder(x, std::forward<B>(b), file, line));
  return x;
}

}  // namespace simt::detail
