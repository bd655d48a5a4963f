#pragma once
/// @file
/// @brief Stands in for CUDA's `<cooperative_groups/scan.h>` in kernel files compiled for the
/// emulator: `inclusive_scan` and `exclusive_scan` over a tile or a coalesced group, in rank
/// order (the operators are in reduce.h).

#include <simt/cuda/cooperative_groups.h>
#include <simt/cuda/cooperative_groups/reduce.h>

#include <type_traits>

namespace cooperative_groups {
#if defined(SIMT_TRANSLATING)
/// @brief `op` folded over `val` of the ranks up to and including the running thread's.
template <class Group, class T, class Op = plus<std::remove_cvref_t<T>>>
SIMT_SUSPENDS std::remove_cvref_t<T> inclusive_scan(const Group& group, T&& val, Op&& op = {});
/// @brief `op` folded over `val` of the ranks below the running thread's (`T{}` for rank 0).
template <class Group, class T, class Op = plus<std::remove_cvref_t<T>>>
SIMT_SUSPENDS std::remove_cvref_t<T> exclusive_scan(const Group& group, T&& val, Op&& op = {});
#else
template <class Where, class Group, class T, class Op = plus<std::remove_cvref_t<T>>>
simt::detail::CollectiveAt<Where,
                           simt::detail::Fold<std::remove_cvref_t<T>, std::remove_cvref_t<Op>,
                                              simt::detail::FoldKind::inclusive>>
inclusive_scan(Where, const Group& group, T&& val, Op&& op = {}) {
  return {{group.simt_mask(), val, op, group.simt_span()}};
}
template <class Where, class Group, class T, class Op = plus<std::remove_cvref_t<T>>>
simt::detail::CollectiveAt<Where,
                           simt::detail::Fold<std::remove_cvref_t<T>, std::remove_cvref_t<Op>,
                                              simt::detail::FoldKind::exclusive>>
exclusive_scan(Where, const Group& group, T&& val, Op&& op = {}) {
  return {{group.simt_mask(), val, op, group.simt_span()}};
}
#endif
}  // namespace cooperative_groups
