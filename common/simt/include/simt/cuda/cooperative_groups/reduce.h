#pragma once
/// @file
/// @brief Stands in for CUDA's `<cooperative_groups/reduce.h>` in kernel files compiled for the
/// emulator: the operators its reductions and scans take.

#include <simt/cuda/cooperative_groups.h>

namespace cooperative_groups {
/// @brief `a + b`.
template <class T>
struct plus {
  constexpr T operator()(const T& a, const T& b) const { return a + b; }
};
/// @brief The smaller of `a` and `b`.
template <class T>
struct less {
  constexpr T operator()(const T& a, const T& b) const { return b < a ? b : a; }
};
/// @brief The larger of `a` and `b`.
template <class T>
struct greater {
  constexpr T operator()(const T& a, const T& b) const { return a < b ? b : a; }
};
/// @brief `a & b`.
template <class T>
struct bit_and {
  constexpr T operator()(const T& a, const T& b) const { return a & b; }
};
/// @brief `a | b`.
template <class T>
struct bit_or {
  constexpr T operator()(const T& a, const T& b) const { return a | b; }
};
/// @brief `a ^ b`.
template <class T>
struct bit_xor {
  constexpr T operator()(const T& a, const T& b) const { return a ^ b; }
};
}  // namespace cooperative_groups
