#pragma once
/// @file
/// @brief CUDA's warp-level intrinsics for kernels compiled by the host compiler: `__syncwarp`,
/// the shuffles, the votes, `__activemask`, the matches and `__reduce_*_sync`.
///
/// Each is a warp collective: a suspension point at which the lanes of the mask meet
/// (simt/detail/warp_collective.hpp says how the scheduler releases them). As for the
/// barriers, the parse sees CUDA's declarations marked as suspension points, and the compiled
/// translation sees functions that take the call's site first and return what the lane awaits.
/// The semantics follow PTX `shfl.sync`, `vote.sync`, `match.sync`, `redux.sync` and
/// `bar.warp.sync` for every mask, width and source lane.

#if defined(SIMT_TRANSLATING)

SIMT_SUSPENDS void __syncwarp(unsigned mask = 0xffffffffu);
template <class T>
SIMT_SUSPENDS T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize);
template <class T>
SIMT_SUSPENDS T __shfl_up_sync(unsigned mask, T var, unsigned int delta, int width = warpSize);
template <class T>
SIMT_SUSPENDS T __shfl_down_sync(unsigned mask, T var, unsigned int delta, int width = warpSize);
template <class T>
SIMT_SUSPENDS T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize);
SIMT_SUSPENDS unsigned __ballot_sync(unsigned mask, int predicate);
SIMT_SUSPENDS int __any_sync(unsigned mask, int predicate);
SIMT_SUSPENDS int __all_sync(unsigned mask, int predicate);
SIMT_SUSPENDS unsigned __activemask();
template <class T>
SIMT_SUSPENDS unsigned __match_any_sync(unsigned mask, T value);
template <class T>
SIMT_SUSPENDS unsigned __match_all_sync(unsigned mask, T value, int* pred);
SIMT_SUSPENDS unsigned __reduce_add_sync(unsigned mask, unsigned value);
SIMT_SUSPENDS int __reduce_add_sync(unsigned mask, int value);
SIMT_SUSPENDS unsigned __reduce_min_sync(unsigned mask, unsigned value);
SIMT_SUSPENDS int __reduce_min_sync(unsigned mask, int value);
SIMT_SUSPENDS unsigned __reduce_max_sync(unsigned mask, unsigned value);
SIMT_SUSPENDS int __reduce_max_sync(unsigned mask, int value);
SIMT_SUSPENDS unsigned __reduce_and_sync(unsigned mask, unsigned value);
SIMT_SUSPENDS unsigned __reduce_or_sync(unsigned mask, unsigned value);
SIMT_SUSPENDS unsigned __reduce_xor_sync(unsigned mask, unsigned value);

#else

#include <simt/detail/warp_collective.hpp>

namespace simt::detail {
/// @brief The operators of `__reduce_*_sync`.
struct AddOp {
  template <class T>
  T operator()(T a, T b) const {
    return static_cast<T>(a + b);
  }
};
struct MinOp {
  template <class T>
  T operator()(T a, T b) const {
    return b < a ? b : a;
  }
};
struct MaxOp {
  template <class T>
  T operator()(T a, T b) const {
    return a < b ? b : a;
  }
};
struct AndOp {
  unsigned operator()(unsigned a, unsigned b) const { return a & b; }
};
struct OrOp {
  unsigned operator()(unsigned a, unsigned b) const { return a | b; }
};
struct XorOp {
  unsigned operator()(unsigned a, unsigned b) const { return a ^ b; }
};
template <class Where, class T, ShuffleMode Mode>
using ShuffleAt = CollectiveAt<Where, Shuffle<T, Mode> >;
template <class Where, class T, class Op>
using ReduceAt = CollectiveAt<Where, Fold<T, Op, FoldKind::reduce> >;
}  // namespace simt::detail

/// @brief Waits until every lane of `mask` that has not exited reaches a `__syncwarp(mask)`;
/// orders the shared-memory accesses of those lanes before it and after it.
template <class Where>
::simt::detail::CollectiveAt<Where, ::simt::detail::WarpSync> __syncwarp(
    Where, unsigned mask = 0xffffffffu) {
  return {::simt::detail::WarpSync(mask)};
}
/// @brief The value of `var` in lane `srcLane` (of this lane's segment of `width` lanes).
template <class Where, class T>
::simt::detail::ShuffleAt<Where, T, ::simt::detail::ShuffleMode::idx> __shfl_sync(
    Where, unsigned mask, T var, int srcLane, int width = warpSize) {
  return {{mask, var, static_cast<unsigned>(srcLane), width}};
}
/// @brief The value of `var` in the lane `delta` below (this lane's own below the segment).
template <class Where, class T>
::simt::detail::ShuffleAt<Where, T, ::simt::detail::ShuffleMode::up> __shfl_up_sync(
    Where, unsigned mask, T var, unsigned int delta, int width = warpSize) {
  return {{mask, var, delta, width}};
}
/// @brief The value of `var` in the lane `delta` above (this lane's own past the segment).
template <class Where, class T>
::simt::detail::ShuffleAt<Where, T, ::simt::detail::ShuffleMode::down> __shfl_down_sync(
    Where, unsigned mask, T var, unsigned int delta, int width = warpSize) {
  return {{mask, var, delta, width}};
}
/// @brief The value of `var` in lane `lane ^ laneMask` (this lane's own past the segment).
template <class Where, class T>
::simt::detail::ShuffleAt<Where, T, ::simt::detail::ShuffleMode::bfly> __shfl_xor_sync(
    Where, unsigned mask, T var, int laneMask, int width = warpSize) {
  return {{mask, var, static_cast<unsigned>(laneMask), width}};
}
/// @brief The lanes of `mask` whose `predicate` is non-zero.
template <class Where>
::simt::detail::CollectiveAt<Where, ::simt::detail::Vote< ::simt::detail::VoteKind::ballot> >
__ballot_sync(Where, unsigned mask, int predicate) {
  return {{mask, predicate}};
}
/// @brief Whether `predicate` is non-zero for any lane of `mask`.
template <class Where>
::simt::detail::CollectiveAt<Where, ::simt::detail::Vote< ::simt::detail::VoteKind::any> >
__any_sync(Where, unsigned mask, int predicate) {
  return {{mask, predicate}};
}
/// @brief Whether `predicate` is non-zero for every lane of `mask`.
template <class Where>
::simt::detail::CollectiveAt<Where, ::simt::detail::Vote< ::simt::detail::VoteKind::all> >
__all_sync(Where, unsigned mask, int predicate) {
  return {{mask, predicate}};
}
/// @brief The lanes of the warp that are here together: those that reach this call while no
/// other lane of the warp can move on (as converged as the GPU could run them).
template <class Where>
::simt::detail::CollectiveAt<Where, ::simt::detail::Converge> __activemask(Where) {
  return {};
}
/// @brief The lanes of `mask` whose `value` equals this lane's.
template <class Where, class T>
::simt::detail::CollectiveAt<Where, ::simt::detail::Match<T, false> > __match_any_sync(
    Where, unsigned mask, T value) {
  return {{mask, value}};
}
/// @brief `mask` if every lane of it has the same `value` (and `*pred` = 1), else 0.
template <class Where, class T>
::simt::detail::CollectiveAt<Where, ::simt::detail::Match<T, true> > __match_all_sync(Where,
                                                                                      unsigned mask,
                                                                                      T value,
                                                                                      int* pred) {
  return {{mask, value, pred}};
}
/// @brief The sum (min, max, and, or, xor) of `value` over the lanes of `mask`.
template <class Where, class T>
requires(std::same_as<T, int> || std::same_as<T, unsigned>)::simt::detail::ReduceAt<
    Where, T, ::simt::detail::AddOp> __reduce_add_sync(Where, unsigned mask, T value) {
  return {{mask, value, {}}};
}
template <class Where, class T>
requires(std::same_as<T, int> || std::same_as<T, unsigned>)::simt::detail::ReduceAt<
    Where, T, ::simt::detail::MinOp> __reduce_min_sync(Where, unsigned mask, T value) {
  return {{mask, value, {}}};
}
template <class Where, class T>
requires(std::same_as<T, int> || std::same_as<T, unsigned>)::simt::detail::ReduceAt<
    Where, T, ::simt::detail::MaxOp> __reduce_max_sync(Where, unsigned mask, T value) {
  return {{mask, value, {}}};
}
template <class Where>
::simt::detail::ReduceAt<Where, unsigned, ::simt::detail::AndOp> __reduce_and_sync(Where,
                                                                                   unsigned mask,
                                                                                   unsigned value) {
  return {{mask, value, {}}};
}
template <class Where>
::simt::detail::ReduceAt<Where, unsigned, ::simt::detail::OrOp> __reduce_or_sync(Where,
                                                                                 unsigned mask,
                                                                                 unsigned value) {
  return {{mask, value, {}}};
}
template <class Where>
::simt::detail::ReduceAt<Where, unsigned, ::simt::detail::XorOp> __reduce_xor_sync(Where,
                                                                                   unsigned mask,
                                                                                   unsigned value) {
  return {{mask, value, {}}};
}

#endif
