#pragma once
/// @file
/// @brief CUDA's integer intrinsics for kernels compiled by the host compiler, beyond the bit
/// counts in builtins.hpp: funnel shifts, averages, sums of absolute differences, dot products of
/// packed bytes and halves, and the n-th set bit.

#include <bit>
#include <cstdint>

/// @brief The 64 bits hi:lo shifted left (right) by `shift` (masked to 0-31; `c`: clamped to
/// 32), the high (low) 32 bits of the result.
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift) {
  const std::uint64_t both = (static_cast<std::uint64_t>(hi) << 32) | lo;
  return static_cast<unsigned>((both << (shift & 31u)) >> 32);
}
inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned shift) {
  const std::uint64_t both = (static_cast<std::uint64_t>(hi) << 32) | lo;
  return static_cast<unsigned>((both << (shift < 32u ? shift : 32u)) >> 32);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift) {
  const std::uint64_t both = (static_cast<std::uint64_t>(hi) << 32) | lo;
  return static_cast<unsigned>(both >> (shift & 31u));
}
inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned shift) {
  const std::uint64_t both = (static_cast<std::uint64_t>(hi) << 32) | lo;
  return static_cast<unsigned>(both >> (shift < 32u ? shift : 32u));
}
/// @brief (x + y) / 2 and (x + y + 1) / 2 without overflow.
inline int __hadd(int x, int y) { return static_cast<int>((static_cast<long long>(x) + y) >> 1); }
inline int __rhadd(int x, int y) {
  return static_cast<int>((static_cast<long long>(x) + y + 1) >> 1);
}
inline unsigned __uhadd(unsigned x, unsigned y) {
  return static_cast<unsigned>((static_cast<std::uint64_t>(x) + y) >> 1);
}
inline unsigned __urhadd(unsigned x, unsigned y) {
  return static_cast<unsigned>((static_cast<std::uint64_t>(x) + y + 1) >> 1);
}
/// @brief |x - y| + z.
inline unsigned __sad(int x, int y, unsigned z) {
  return static_cast<unsigned>(x > y ? static_cast<long long>(x) - y
                                     : static_cast<long long>(y) - x) +
         z;
}
inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return (x > y ? x - y : y - x) + z; }
/// @brief The dot product of the four bytes of a and b, plus c (signed or unsigned bytes).
inline int __dp4a(int a, int b, int c) {
  int sum = c;
  for (int i = 0; i < 4; ++i)
    sum += static_cast<signed char>(a >> (8 * i)) * static_cast<signed char>(b >> (8 * i));
  return sum;
}
inline unsigned __dp4a(unsigned a, unsigned b, unsigned c) {
  unsigned sum = c;
  for (unsigned i = 0; i < 4; ++i) sum += ((a >> (8 * i)) & 0xffu) * ((b >> (8 * i)) & 0xffu);
  return sum;
}
/// @brief The dot product of the two 16-bit halves of a with two bytes of b (the low or high
/// two), plus c.
inline int __dp2a_lo(int a, int b, int c) {
  return c + static_cast<short>(a) * static_cast<signed char>(b) +
         static_cast<short>(a >> 16) * static_cast<signed char>(b >> 8);
}
inline int __dp2a_hi(int a, int b, int c) {
  return c + static_cast<short>(a) * static_cast<signed char>(b >> 16) +
         static_cast<short>(a >> 16) * static_cast<signed char>(b >> 24);
}
/// @brief The position of the n-th set bit of `mask` counting from `base` upward (offset > 0)
/// or downward, or 0xffffffff if there is none.
inline unsigned __fns(unsigned mask, unsigned base, int offset) {
  if (offset == 0) return 0xffffffffu;
  int n = offset > 0 ? offset : -offset;
  for (int bit = static_cast<int>(base); bit >= 0 && bit<32; bit += offset> 0 ? 1 : -1)
    if (((mask >> bit) & 1u) != 0 && --n == 0) return static_cast<unsigned>(bit);
  return 0xffffffffu;
}
