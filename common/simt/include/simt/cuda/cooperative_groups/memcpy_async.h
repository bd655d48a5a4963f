#pragma once
/// @file
/// @brief `<cooperative_groups/memcpy_async.h>` for kernels compiled by the host compiler:
/// `cooperative_groups::memcpy_async(block, dst, src, bytes)` and `wait(block)`.
///
/// Every thread of the block calls memcpy_async with the same arguments; the emulator makes
/// one copy, which completes when the block is released from `wait(block)`, a block barrier
/// (the translation writes it `(co_await cooperative_groups::wait(SIMT_SITE(...), block))`).
/// Until then, with the emulator's checks on, an access to the destination is reported.

#include <simt/cuda/cooperative_groups.h>

#include <cstddef>
#include <source_location>

#if !defined(SIMT_TRANSLATING)
#include <simt/detail/phase_barrier.hpp>
#endif

namespace cooperative_groups {

/// @brief Starts the copy of `bytes` from `src` to `dst` (shared memory) by the whole block.
template <class Size>
void memcpy_async(const thread_block& group, void* dst, const void* src, Size bytes,
                  std::source_location place = std::source_location::current()) {
  (void)group;
#if !defined(SIMT_TRANSLATING)
  ::simt::detail::copy_for_block(dst, src, static_cast<std::size_t>(bytes), place);
#else
  (void)dst, (void)src, (void)bytes, (void)place;
#endif
}

#if defined(SIMT_TRANSLATING)
SIMT_SUSPENDS void wait(const thread_block& group);
#else
/// @brief Waits until the block's copies have completed, and for every thread of the block.
template <class Where>
::simt::detail::GroupCopyWaitAt<Where> wait(Where, const thread_block& group) {
  (void)group;
  return {};
}
#endif

}  // namespace cooperative_groups
