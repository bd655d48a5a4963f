/// @file
/// @brief Distributed shared memory on the emulator: a shared variable of the calling block
/// mapped to the same variable of another block of its cluster.

#include <simt/detail/shared_layout.hpp>
#include <simt/detail/shared_variables.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/errors.hpp>
#include "describe.hpp"

#include <cstddef>
#include <string>

namespace simt::detail {

void* map_to_cluster_rank(const void* address, unsigned rank) {
  UnitState& unit = *current_thread.unit;
  const BlockState& caller = *current_thread.block;
  if (rank >= unit.blocks_per_cluster)
    throw KernelError("map_shared_rank in kernel '" + kernel_name(unit, nullptr) +
                      "': " + running_thread_text() + " asks for rank " + std::to_string(rank) +
                      ", outside its cluster of " + std::to_string(unit.blocks_per_cluster) +
                      " blocks");
  const std::byte* p = static_cast<const std::byte*>(address);
  const std::byte* mine = unit.arena.static_of(caller.arena_index);
  const std::size_t own_bytes = StaticLayout::capacity + unit.arena.dynamic_size();
  if (!unit.arena.contains(address) || p < mine || p > mine + own_bytes)
    throw KernelError("map_shared_rank in kernel '" + kernel_name(unit, nullptr) +
                      "': " + running_thread_text() +
                      " passes an address that is not in its block's shared memory");
  const std::size_t peer = caller.arena_index - caller.rank_in_cluster + rank;
  return unit.arena.static_of(peer) + (p - mine);
}

}  // namespace simt::detail
