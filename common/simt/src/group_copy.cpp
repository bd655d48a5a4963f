/// @file
/// @brief `cooperative_groups::memcpy_async` on the emulator: the block's copies, numbered, and
/// their completion at a group wait.

#include <simt/detail/group_copy.hpp>
#include <simt/detail/thread_context.hpp>
#include "async_copy.hpp"

#include <algorithm>
#include <vector>

namespace simt::detail {

void copy_for_group(void* dst, const void* src, std::size_t bytes,
                    const std::source_location& place, unsigned first, unsigned threads) {
  BlockState& block = *current_thread.block;
  std::vector<std::uint64_t>& started = block.group_copies_started;
  if (started.empty()) started.assign(current_thread.unit->threads_per_block, 0);
  record_copy({.dst = dst,
               .src = src,
               .bytes = bytes,
               .place = place,
               .group_copy = started[thread_rank()]++,
               .group_first = first,
               .group_threads = threads},
              true);
}

void complete_group_copies(BlockState& block, std::uint64_t kept) {
  // Every thread has started the same copies; the last `kept` of them stay in flight.
  const std::vector<std::uint64_t>& started = block.group_copies_started;
  const std::uint64_t all = started.empty() ? 0 : *std::max_element(started.begin(), started.end());
  complete_copies(block, [&](const AsyncCopy& c) {
    return c.cuda_barrier == nullptr && c.pipeline == nullptr && c.group_copy + kept < all;
  });
}

void complete_tile_copies(BlockState& block, unsigned first, unsigned threads, std::uint64_t kept) {
  const std::vector<std::uint64_t>& started = block.group_copies_started;
  const std::uint64_t all =
      started.size() < first + threads
          ? 0
          : *std::max_element(started.begin() + first, started.begin() + first + threads);
  complete_copies(block, [&](const AsyncCopy& c) {
    return c.cuda_barrier == nullptr && c.pipeline == nullptr && c.group_threads != 0 &&
           c.group_first >= first && c.group_first + c.group_threads <= first + threads &&
           c.group_copy + kept < all;
  });
}

}  // namespace simt::detail
