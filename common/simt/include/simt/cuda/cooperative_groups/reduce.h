#pragma once
/// @file
/// @brief Stands in for CUDA's `<cooperative_groups/reduce.h>` in kernel files compiled for the
/// emulator: `cg::reduce` and the operators it and the scans take.

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

#if !defined(SIMT_TRANSLATING)
#include <simt/detail/warp_collective.hpp>
#endif

#include <type_traits>

namespace cooperative_groups {
#if defined(SIMT_TRANSLATING)
/// @brief `op` folded over `val` of every thread of `group` (a tile or a coalesced group).
template <class Group, class T, class Op>
SIMT_SUSPENDS std::remove_cvref_t<T> reduce(const Group& group, T&& val, Op&& op);
#else
template <class Where, class Group, class T, class Op>
simt::detail::CollectiveAt<Where,
                           simt::detail::Fold<std::remove_cvref_t<T>, std::remove_cvref_t<Op>,
                                              simt::detail::FoldKind::reduce> >
reduce(Where, const Group& group, T&& val, Op&& op) {
  return {{group.simt_mask(), val, op, group.simt_span()}};
}
#endif
}  // namespace cooperative_groups
