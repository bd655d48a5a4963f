#pragma once
/// @file
/// @brief `<cooperative_groups/memcpy_async.h>` for kernels compiled by the host compiler:
/// `cooperative_groups::memcpy_async(block, dst, src, bytes)` (or a tile of the block in place
/// of the block) and its form with element counts, `wait(group)` and `wait_prior<N>(group)`.
///
/// Every thread of the group calls memcpy_async with the same arguments; the emulator makes
/// one copy, which completes when the group is released from `wait(group)`, a block barrier or
/// the tile's barrier (the translation writes it
/// `(co_await cooperative_groups::wait(SIMT_SITE(...), group))`), or from a
/// `wait_prior<N>(group)` once N later copies have started (the group may also be a
/// `thread_group` holding the block or a tile). `wait(block)` completes the tiles'
/// copies too (each thread waits for all it took part in, as on the GPU); `wait(tile)` completes
/// the tile's own, not its part of a copy by the whole block. Until then, with the emulator's
/// checks on, an access to the destination is reported.

#include <simt/cuda/cooperative_groups.h>

#include <algorithm>
#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <source_location>
#include <type_traits>

#if !defined(SIMT_TRANSLATING)
#include <simt/detail/group_copy.hpp>
#endif

namespace cooperative_groups {

namespace simt_detail {
/// @brief The groups that copy together: the block, and its tiles (thread_block_tile), whose
/// threads each call memcpy_async with their tile's arguments.
template <class Group>
inline constexpr bool copies_together = std::is_same_v<Group, thread_block>;
template <unsigned Size, class Parent>
inline constexpr bool copies_together<thread_block_tile<Size, Parent>> = true;

/// @brief The rank of the group's first thread in the block.
inline unsigned first_rank(const thread_block&) { return 0; }
template <unsigned Size, class Parent>
unsigned first_rank(const thread_block_tile<Size, Parent>&) {
  return thread_block{}.thread_rank() / Size * Size;
}
}  // namespace simt_detail

/// @brief Starts the copy of `bytes` from `src` to `dst` (shared memory) by the whole group.
template <class Group, class Size>
requires simt_detail::copies_together<Group>
void memcpy_async(const Group& group, void* dst, const void* src, Size bytes,
                  std::source_location place = std::source_location::current()) {
#if !defined(SIMT_TRANSLATING)
  ::simt::detail::copy_for_group(dst, src, static_cast<std::size_t>(bytes), place,
                                 simt_detail::first_rank(group), group.num_threads());
#else
  (void)group, (void)dst, (void)src, (void)bytes, (void)place;
#endif
}

/// @brief Starts the copy of `min(dst_count, src_count)` elements from `src` to `dst` (shared
/// memory) by the whole group.
template <class Group, class T, class DstCount, class SrcCount>
requires simt_detail::copies_together<Group>
void memcpy_async(const Group& group, T* dst, DstCount dst_count, const T* src, SrcCount src_count,
                  std::source_location place = std::source_location::current()) {
  const std::size_t count =
      std::min(static_cast<std::size_t>(dst_count), static_cast<std::size_t>(src_count));
  memcpy_async(group, static_cast<void*>(dst), static_cast<const void*>(src), count * sizeof(T),
               place);
}

#if defined(SIMT_TRANSLATING)
SIMT_SUSPENDS void wait(const thread_block& group);
template <unsigned N>
SIMT_SUSPENDS void wait_prior(const thread_block& group);
template <unsigned Size, class Parent>
SIMT_SUSPENDS void wait(const thread_block_tile<Size, Parent>& group);
template <unsigned N, unsigned Size, class Parent>
SIMT_SUSPENDS void wait_prior(const thread_block_tile<Size, Parent>& group);
SIMT_SUSPENDS void wait(const thread_group& group);
template <unsigned N>
SIMT_SUSPENDS void wait_prior(const thread_group& group);
#else
/// @brief Waits until the block's copies have completed, and for every thread of the block.
template <class Where>
::simt::detail::GroupCopyWaitAt<Where> wait(Where, const thread_block& group) {
  (void)group;
  return {};
}
/// @brief Waits until the block's copies have completed but the last `N` it started, and for
/// every thread of the block.
template <unsigned N, class Where>
::simt::detail::GroupCopyWaitAt<Where> wait_prior(Where, const thread_block& group) {
  (void)group;
  return {N};
}
/// @brief Waits until the tile's copies have completed, and for every thread of the tile.
template <class Where, unsigned Size, class Parent>
::simt::detail::CollectiveAt<Where, ::simt::detail::TileCopyWait> wait(
    Where, const thread_block_tile<Size, Parent>& group) {
  return {::simt::detail::TileCopyWait(group.simt_mask(), group.simt_span(),
                                       simt_detail::first_rank(group), Size, 0)};
}
/// @brief Waits until the tile's copies have completed but the last `N` it started, and for
/// every thread of the tile.
template <unsigned N, class Where, unsigned Size, class Parent>
::simt::detail::CollectiveAt<Where, ::simt::detail::TileCopyWait> wait_prior(
    Where, const thread_block_tile<Size, Parent>& group) {
  return {::simt::detail::TileCopyWait(group.simt_mask(), group.simt_span(),
                                       simt_detail::first_rank(group), Size, N)};
}

/// @brief `wait(group)` and `wait_prior<N>(group)` for a thread_group: the block's wait when it
/// holds the block, its tile's otherwise (a coalesced group, which copies nothing, waits as the
/// tile of its warp).
template <class Where>
struct GroupWaitAt : ::simt::detail::TileCopyWait {
  bool whole_block;
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) {
    if (whole_block) return ::simt::detail::GroupCopyWaitAt<Where>{kept}.await_suspend(self);
    site = &::simt::detail::site_at<Where>;
    return ::simt::detail::arrive_at_collective(self, *this);
  }
  void await_resume() const noexcept {}
};
namespace simt_detail {
template <class Where>
GroupWaitAt<Where> group_wait(const thread_group& group, std::uint64_t kept) {
  const bool block = group.simt_is_block();
  // The block's wait reads none of the tile's fields; they are given a warp's to be whole.
  const unsigned threads = block ? 32u : group.num_threads();
  const unsigned first = thread_block{}.thread_rank() / threads * threads;
  return {::simt::detail::TileCopyWait(group.simt_mask(), group.simt_span(), first, threads, kept),
          block};
}
}  // namespace simt_detail
/// @brief Waits until the group's copies have completed, and for every thread of the group.
template <class Where>
GroupWaitAt<Where> wait(Where, const thread_group& group) {
  return simt_detail::group_wait<Where>(group, 0);
}
/// @brief Waits until the group's copies have completed but the last `N` it started, and for
/// every thread of the group.
template <unsigned N, class Where>
GroupWaitAt<Where> wait_prior(Where, const thread_group& group) {
  return simt_detail::group_wait<Where>(group, N);
}
#endif

}  // namespace cooperative_groups
