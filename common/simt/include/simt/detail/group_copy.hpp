#pragma once
/// @file
/// @brief `cooperative_groups::memcpy_async` on the emulator: the block's k-th copy (every
/// thread calls it with the same arguments) completes at the release of a `cg::wait(block)`, or
/// of a `cg::wait_prior<N>(block)` once N later copies have started. Internal.

#include <simt/detail/barriers.hpp>
#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <source_location>

namespace simt::detail {

/// @ingroup simt
/// @brief `cooperative_groups::memcpy_async(block, dst, src, bytes)`, called by every thread
/// of the block with the same arguments: one copy, which completes at `cg::wait(block)` (or at
/// a `cg::wait_prior<N>(block)` once N later copies have started).
void copy_for_block(void* dst, const void* src, std::size_t bytes,
                    const std::source_location& place);

/// @brief Completes the block's cooperative-groups copies but the last `kept` it started (at
/// the release of a `cg::wait` or `cg::wait_prior<kept>`).
void complete_group_copies(BlockState& block, std::uint64_t kept);
/// @brief What `cg::wait(block)` and `cg::wait_prior<N>(block)` await: a block barrier, at
/// whose release the block's cooperative-groups copies complete, but the last `kept`.
template <class Where>
struct GroupCopyWaitAt {
  std::uint64_t kept = 0;
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const {
    current_thread.slot->thread = self;
    BlockScheduling& block = current_thread.block->scheduling;
    block.completes_group_copies = true;
    block.group_copies_kept = kept;
    if (&site_at<Where> != block.barrier_site) [[unlikely]]
      arrive_at_new_site(block, &site_at<Where>, BarrierKind::block);
    return next_thread();
  }
  void await_resume() const noexcept {}
};

}  // namespace simt::detail
