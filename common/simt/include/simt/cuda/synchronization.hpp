#pragma once
/// @file
/// @brief `__syncthreads()` and its variants for kernels compiled by the host compiler
/// (`__syncwarp()` is with the other warp collectives, in warp_functions.hpp).
///
/// When simt-translate parses a kernel file they are declared as CUDA declares them, marked as
/// suspension points. The translation then writes each call
/// `(co_await __syncthreads(SIMT_SITE("__syncthreads()")))`: in the compiled translation they
/// take the call's place and return what the thread awaits.

#if defined(SIMT_TRANSLATING)

SIMT_SUSPENDS void __syncthreads();
SIMT_SUSPENDS int __syncthreads_count(int predicate);
SIMT_SUSPENDS int __syncthreads_and(int predicate);
SIMT_SUSPENDS int __syncthreads_or(int predicate);

#else

#include <simt/detail/barriers.hpp>
#include <simt/detail/block_loop.hpp>
#include <simt/detail/site.hpp>

/// @brief Waits until every thread of the block that has not exited reaches this barrier.
template <class Where>
::simt::detail::BarrierAt<Where, ::simt::detail::BarrierKind::block> __syncthreads(Where) {
  return {};
}
/// @brief `__syncthreads()` that returns for how many threads `predicate` was non-zero.
template <class Where>
::simt::detail::CountingBarrierAt<Where> __syncthreads_count(Where, int predicate) {
  return {predicate != 0 ? 1 : 0, ::simt::detail::CountResult::count};
}
/// @brief `__syncthreads()` that returns whether `predicate` was non-zero for every thread.
template <class Where>
::simt::detail::CountingBarrierAt<Where> __syncthreads_and(Where, int predicate) {
  return {predicate != 0 ? 1 : 0, ::simt::detail::CountResult::all};
}
/// @brief `__syncthreads()` that returns whether `predicate` was non-zero for any thread.
template <class Where>
::simt::detail::CountingBarrierAt<Where> __syncthreads_or(Where, int predicate) {
  return {predicate != 0 ? 1 : 0, ::simt::detail::CountResult::any};
}
#endif
