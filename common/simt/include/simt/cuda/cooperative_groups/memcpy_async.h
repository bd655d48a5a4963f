#pragma once
/// @file
/// @brief `<cooperative_groups/memcpy_async.h>` for kernels compiled by the host compiler:
/// `cooperative_groups::memcpy_async(block, dst, src, bytes)` (or a tile of the block in place
/// of the block) and its form with element counts, `wait(block)` and `wait_prior<N>(block)`.
///
/// Every thread of the block calls memcpy_async with the same arguments; the emulator makes
/// one copy, which completes when the block is released from `wait(block)`, a block barrier
/// (the translation writes it `(co_await cooperative_groups::wait(SIMT_SITE(...), block))`), or
/// from a `wait_prior<N>(block)` once N later copies have started. Until then, with the
/// emulator's checks on, an access to the destination is reported.

#include <simt/cuda/cooperative_groups.h>

#include <algorithm>
#include <cstddef>
#include <source_location>
#include <type_traits>

#if !defined(SIMT_TRANSLATING)
#include <simt/detail/group_copy.hpp>
#endif

namespace cooperative_groups {

namespace simt_detail {
/// @brief The groups that copy together: the block, and its tiles (thread_block_tile), whose
/// threads each call memcpy_async with their tile's arguments. A tile's copy completes at the
/// block's wait(block) too; waiting on the tile itself is not emulated.
template <class Group>
inline constexpr bool copies_together = std::is_same_v<Group, thread_block>;
template <unsigned Size, class Parent>
inline constexpr bool copies_together<thread_block_tile<Size, Parent>> = true;
}  // namespace simt_detail

/// @brief Starts the copy of `bytes` from `src` to `dst` (shared memory) by the whole group.
template <class Group, class Size>
requires simt_detail::copies_together<Group>
void memcpy_async(const Group& group, void* dst, const void* src, Size bytes,
                  std::source_location place = std::source_location::current()) {
  (void)group;
#if !defined(SIMT_TRANSLATING)
  ::simt::detail::copy_for_block(dst, src, static_cast<std::size_t>(bytes), place);
#else
  (void)dst, (void)src, (void)bytes, (void)place;
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
#endif

}  // namespace cooperative_groups
