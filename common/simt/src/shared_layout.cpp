/// @file
/// @brief Shared memory on the emulator: the static layout and the arena of a unit's blocks.

#include <simt/detail/shared_layout.hpp>
#include <simt/detail/shared_variables.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/launch.hpp>

#include <cstdint>
#include <cstring>
#include <sstream>
#include <string>

namespace simt::detail {

std::size_t StaticLayout::offset_of(const Site* site, std::size_t bytes, std::size_t alignment) {
  for (const SharedVariable& v : variables)
    if (v.declared == site) return v.offset;
  const std::size_t offset = (used + alignment - 1) / alignment * alignment;
  if (offset + bytes > capacity)
    throw KernelError("static __shared__ variables exceed " + std::to_string(capacity) +
                      " bytes per block (at '" + site->text + "', " + where(site->location) + ")");
  variables.push_back({site, offset, bytes});
  // Blocks already running started with less poison: give the new variable its poison in each.
  UnitState& unit = *current_thread.unit;
  for (const BlockState& b : unit.blocks)
    std::memset(unit.arena.static_of(b.arena_index) + used, static_cast<int>(shared_poison),
                offset + bytes - used);
  used = offset + bytes;
  return offset;
}

void SharedArena::reserve(std::size_t blocks, std::size_t dynamic_bytes) {
  dynamic_size_ = dynamic_bytes;
  const std::size_t dynamic_room = (dynamic_bytes + guard - 1) / guard * guard;
  stride_ = guard + StaticLayout::capacity + dynamic_room;
  size_ = blocks * stride_ + guard;
  if (size_ + guard > capacity_) {
    capacity_ = size_ + guard;
    storage_ = std::make_unique_for_overwrite<std::byte[]>(capacity_);  // poisoned per block
  }
  // The arena starts at a multiple of the guard, so every region is 1024-byte aligned.
  const auto address = reinterpret_cast<std::uintptr_t>(storage_.get());
  base_ = storage_.get() + ((guard - address % guard) % guard);
}

SharedPlace SharedArena::locate(const void* address, std::size_t bytes, std::size_t static_used,
                                std::size_t likely_block) const {
  const auto offset = static_cast<std::size_t>(static_cast<const std::byte*>(address) - base_);
  SharedPlace place;
  place.block = likely_block;
  std::size_t in_block = offset - likely_block * stride_;  // wraps below the block: too large
  if (in_block >= stride_) {
    place.block = offset / stride_;
    in_block = offset % stride_;
  }
  if (in_block >= guard && in_block + bytes <= guard + static_used) {
    place.region = SharedRegion::static_variables;
    place.offset = in_block - guard;
  } else if (in_block >= guard + StaticLayout::capacity &&
             in_block + bytes <= guard + StaticLayout::capacity + dynamic_size_) {
    place.region = SharedRegion::dynamic;
    place.offset = in_block - guard - StaticLayout::capacity;
  } else {
    place.offset = in_block;
  }
  return place;
}

}  // namespace simt::detail
