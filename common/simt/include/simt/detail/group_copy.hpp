#pragma once
/// @file
/// @brief `cooperative_groups::memcpy_async` on the emulator: the block's k-th copy (every
/// thread calls it with the same arguments) completes at the release of a `cg::wait(block)`, or
/// of a `cg::wait_prior<N>(block)` once N later copies have started. Internal.

#include <simt/detail/barriers.hpp>
#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/detail/warp_waits.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <source_location>

namespace simt::detail {

/// @ingroup simt
/// @brief `cooperative_groups::memcpy_async(group, dst, src, bytes)`, called by every thread of
/// the group (the block, or the tile of ranks [first, first + threads)) with the same arguments:
/// one copy, which completes at `cg::wait(block)` or the group's `cg::wait(tile)` (or at a
/// `cg::wait_prior<N>` once N later copies have started).
void copy_for_group(void* dst, const void* src, std::size_t bytes,
                    const std::source_location& place, unsigned first, unsigned threads);

/// @brief Completes the block's cooperative-groups copies but the last `kept` it started (at
/// the release of a `cg::wait` or `cg::wait_prior<kept>` on the block): each thread waits for
/// every copy it took part in, its tiles' too.
void complete_group_copies(BlockState& block, std::uint64_t kept);

/// @brief Completes the copies of the tile of ranks [first, first + threads) and of the tiles
/// within it, but the last `kept` they started (at the release of a `cg::wait(tile)` or
/// `cg::wait_prior<kept>(tile)`). The block's own copies stay in flight: the tile's threads made
/// only their part of those.
void complete_tile_copies(BlockState& block, unsigned first, unsigned threads, std::uint64_t kept);
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

/// @brief What `cg::wait(tile)` and `cg::wait_prior<N>(tile)` do: the tile's barrier (as
/// `tile.sync()`), at whose release the tile's copies complete, but the last `kept`.
struct TileCopyWait : WarpCollective {
  BlockState* block;
  unsigned first, threads;
  std::uint64_t kept;
  TileCopyWait(unsigned lanes, std::uint8_t warps, unsigned first_rank, unsigned tile_threads,
               std::uint64_t kept_copies)
      : block(current_thread.block), first(first_rank), threads(tile_threads), kept(kept_copies) {
    mask = lanes;
    span = warps;
    kind = CollectiveKind::warp_sync;
    complete = &done;
  }
  static void done(const GroupView& group) {
    for (unsigned i = 0; i < group.count; ++i)
      if (group.has(i)) {
        const TileCopyWait& w = group.at<TileCopyWait>(i);
        return complete_tile_copies(*w.block, w.first, w.threads, w.kept);
      }
  }
  void result() const noexcept {}
};

}  // namespace simt::detail
