#pragma once
/// @file
/// @brief `__syncthreads()` and its variants, and `__syncwarp()`, for kernels compiled by the
/// host compiler.
///
/// When simt-translate parses a kernel file they are declared as CUDA declares them, marked as
/// suspension points. The translation then writes each call `(co_await __syncthreads(site))`:
/// in the compiled translation they take the call's site and return what the thread awaits.

#if defined(SIMT_TRANSLATING)

SIMT_SUSPENDS void __syncthreads();
SIMT_SUSPENDS int __syncthreads_count(int predicate);
SIMT_SUSPENDS int __syncthreads_and(int predicate);
SIMT_SUSPENDS int __syncthreads_or(int predicate);
SIMT_SUSPENDS void __syncwarp(unsigned mask = 0xffffffffu);

#else

#include <simt/detail/barriers.hpp>
#include <simt/detail/site.hpp>

/// @brief Waits until every thread of the block that has not exited reaches this barrier.
inline ::simt::detail::BlockBarrier __syncthreads(const ::simt::detail::Site* site) {
  return {site};
}
/// @brief `__syncthreads()` that returns for how many threads `predicate` was non-zero.
inline ::simt::detail::CountingBarrier __syncthreads_count(const ::simt::detail::Site* site,
                                                           int predicate) {
  return {site, predicate != 0 ? 1 : 0, ::simt::detail::CountingBarrier::Result::count};
}
/// @brief `__syncthreads()` that returns whether `predicate` was non-zero for every thread.
inline ::simt::detail::CountingBarrier __syncthreads_and(const ::simt::detail::Site* site,
                                                         int predicate) {
  return {site, predicate != 0 ? 1 : 0, ::simt::detail::CountingBarrier::Result::all};
}
/// @brief `__syncthreads()` that returns whether `predicate` was non-zero for any thread.
inline ::simt::detail::CountingBarrier __syncthreads_or(const ::simt::detail::Site* site,
                                                        int predicate) {
  return {site, predicate != 0 ? 1 : 0, ::simt::detail::CountingBarrier::Result::any};
}
/// @brief Waits until every lane of `mask` that has not exited reaches a `__syncwarp(mask)`.
inline ::simt::detail::WarpBarrier __syncwarp(const ::simt::detail::Site* site,
                                              unsigned mask = 0xffffffffu) {
  return {site, mask};
}

#endif
