/// @file
/// @brief The uninitialised-read check: a read of shared bytes that no thread of the owning block
/// has written since the block started. The GPU's tools do not check shared memory for this
/// (compute-sanitizer's initcheck covers global memory only).

#include <simt/detail/initialisation_check.hpp>
#include <simt/detail/shared_layout.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/launch.hpp>
#include "describe.hpp"

#include <algorithm>
#include <sstream>
#include <utility>

namespace simt::detail {

namespace {

// The stamps of `owner`'s static or dynamic bytes, grown to cover `end` (static variables are
// laid out as the kernel first reaches them, so the region in use can grow during a launch).
std::vector<std::uint32_t>& stamps(const UnitState& unit, BlockState& owner, bool dynamic,
                                   std::size_t end) {
  auto& bytes = dynamic ? owner.written.dynamic_bytes : owner.written.static_bytes;
  if (end > bytes.size())
    bytes.resize(std::max(end, dynamic ? unit.arena.dynamic_size() : unit.layout.used), 0);
  return bytes;
}

const std::byte* region_of(const UnitState& unit, const BlockState& owner, bool dynamic) {
  return dynamic ? unit.arena.dynamic_of(owner.arena_index)
                 : unit.arena.static_of(owner.arena_index);
}

}  // namespace

void note_written(UnitState& unit, BlockState& owner, bool dynamic, std::size_t offset,
                  std::size_t bytes) {
  auto& stamp = stamps(unit, owner, dynamic, offset + bytes);
  std::fill_n(stamp.begin() + static_cast<std::ptrdiff_t>(offset), bytes, owner.written.life);
}

void check_written(UnitState& unit, BlockState& reader, BlockState& owner, bool dynamic,
                   std::size_t offset, std::size_t bytes, bool whole_object, const char* file,
                   unsigned line) {
  if (!reader.written.first_unwritten_read.empty()) return;  // the interval's first is reported
  auto& stamp = stamps(unit, owner, dynamic, offset + bytes);
  const std::byte* memory = region_of(unit, owner, dynamic);
  // A byte counts as unwritten only if it still holds the poison: memory written by code the
  // translation does not instrument (a macro's body, a library function) is not reported.
  const auto unwritten = [&](std::size_t b) {
    return stamp[b] != owner.written.life && memory[b] == shared_poison;
  };
  std::size_t first = offset;
  while (first < offset + bytes && !unwritten(first)) ++first;
  if (first == offset + bytes) return;
  if (whole_object)
    for (std::size_t b = offset; b < offset + bytes; ++b)
      if (!unwritten(b)) return;

  const bool peer = &owner != &reader;
  std::ostringstream message;
  message << "read of uninitialised shared memory in kernel '" << kernel_name(unit, nullptr)
          << "' at " << where(file, line) << ": thread " << thread_rank() << " of block "
          << index_text(reader.block_idx) << " reads " << bytes << " bytes at "
          << describe_shared(unit, dynamic, first)
          << (peer ? " of block " + index_text(owner.block_idx) : std::string())
          << ", which no thread of " << (peer ? "that" : "the") << " block had written since it "
          << "started. On the GPU such a read returns whatever the memory held before. Write "
             "every element before it is read (check the range the writing threads cover), with "
          << (peer ? "a cluster.sync()" : "a __syncthreads()")
          << " between the writes and the reads.";
  reader.written.first_unwritten_read = message.str();
}

void note_shared_written(const void* address, std::size_t bytes) {
  UnitState* unit = current_thread.unit;
  if (!unit->diagnostics || !unit->arena.contains(address)) return;
  const SharedPlace place =
      unit->arena.locate(address, bytes, unit->layout.used, current_thread.block->arena_index);
  if (place.region == SharedRegion::none) return;
  note_written(*unit, unit->blocks[place.block], place.region == SharedRegion::dynamic,
               place.offset, bytes);
}

void report_unwritten_read(BlockState& block) {
  if (block.written.first_unwritten_read.empty()) return;
  throw KernelError(std::exchange(block.written.first_unwritten_read, std::string()));
}

}  // namespace simt::detail
