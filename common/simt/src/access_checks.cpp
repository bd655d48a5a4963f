/// @file
/// @brief What the emulator checks on every access of an instrumented kernel (checking on): for
/// shared memory, bounds, the lifetime of a peer block's memory, races, reads of bytes never
/// written, and the bank counters; for other memory, the bounds of global allocations.

#include <simt/detail/access_checks.hpp>
#include <simt/detail/constant_counters.hpp>
#include <simt/detail/global_bounds.hpp>
#include <simt/detail/heartbeat.hpp>
#include <simt/detail/initialisation_check.hpp>
#include <simt/detail/race_check.hpp>
#include <simt/detail/shared_layout.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/settings.hpp>
#include "async_copy.hpp"
#include "describe.hpp"

#include <atomic>
#include <cstdio>
#include <sstream>
#include <string>

namespace simt::detail {

namespace {

[[noreturn]] void report_out_of_bounds(const UnitState& unit, const BlockState& me,
                                       const void* address, std::size_t bytes, AccessKind kind,
                                       const char* file, unsigned line) {
  std::ostringstream message;
  message << "out-of-bounds shared memory access in kernel '" << kernel_name(unit, nullptr)
          << "' at " << where(file, line) << ": thread " << thread_rank() << " of block "
          << index_text(me.block_idx) << " " << verb(kind) << " " << bytes << " bytes at ";
  const auto* p = static_cast<const std::byte*>(address);
  const std::byte* dynamic = unit.arena.dynamic_of(me.arena_index);
  if (unit.arena.dynamic_size() > 0 && p >= dynamic &&
      p < dynamic + unit.arena.dynamic_size() + SharedArena::guard)
    message << "byte " << (p - dynamic) << " of '"
            << (unit.dynamic_declared ? unit.dynamic_declared->text : "extern __shared__")
            << "', past the " << unit.arena.dynamic_size()
            << " bytes of dynamic shared memory the launch gave";
  else
    message << "an address outside the block's shared variables";
  throw KernelError(message.str(), 700);  // cudaErrorIllegalAddress
}

void record_shared_access(const void* address, std::size_t bytes, AccessKind kind,
                          bool whole_object, const char* file, unsigned line) {
  UnitState& unit = *current_thread.unit;
  BlockState& me = *current_thread.block;
  const SharedPlace place = unit.arena.locate(address, bytes, unit.layout.used, me.arena_index);
  const bool own = place.block == me.arena_index;

  if (unit.diagnostics) {
    if (place.region == SharedRegion::none)
      report_out_of_bounds(unit, me, address, bytes, kind, file, line);
    BlockState& owner = unit.blocks[place.block];
    if (!own && !owner.alive) {
      std::ostringstream message;
      message << "distributed shared memory used after its block exited in kernel '"
              << kernel_name(unit, nullptr) << "' at " << where(file, line) << ": thread "
              << thread_rank() << " of block " << index_text(me.block_idx) << " " << verb(kind)
              << " " << describe_shared(unit, place.region == SharedRegion::dynamic, place.offset)
              << " of block " << index_text(owner.block_idx)
              << ", which has exited. A cluster.sync() before the blocks exit keeps their "
                 "shared memory alive.";
      throw KernelError(message.str());
    }
    if (own) {
      if (!me.async_copies.empty() || me.thread_copies_pending != 0)
        check_async_destination(unit, me, address, bytes, kind != AccessKind::load, file, line);
      check_race(unit, me, place.region == SharedRegion::dynamic, place.offset, bytes, kind, file,
                 line);
    }
    const bool dynamic = place.region == SharedRegion::dynamic;
    if (kind != AccessKind::store)
      check_written(unit, me, owner, dynamic, place.offset, bytes, whole_object, file, line);
    if (kind != AccessKind::load) note_written(unit, owner, dynamic, place.offset, bytes);
  }

  if (unit.counting && own && place.region != SharedRegion::none) {
    // Banks are counted on the block's own shared address space: dynamic memory after static.
    const std::size_t space_offset = place.region == SharedRegion::dynamic
                                         ? StaticLayout::capacity + place.offset
                                         : place.offset;
    // A read-modify-write is a load request and then a store request.
    if (kind != AccessKind::store)
      me.bank.log(thread_rank(), space_offset, bytes, false, file, line);
    if (kind != AccessKind::load) me.bank.log(thread_rank(), space_offset, bytes, true, file, line);
  }
}

/// observe_checked() past its fast path.
[[gnu::noinline]] void observe_uncleared(const void* address, std::size_t bytes, AccessKind kind,
                                         bool whole_object, const char* file, unsigned line) {
  const UnitState& unit = *current_thread.unit;
  if (unit.arena.contains(address)) {
    record_shared_access(address, bytes, kind, whole_object, file, line);
    return;
  }
  // Kernels only read constant memory (nvcc refuses a write to a __constant__ variable).
  if (unit.counting && kind == AccessKind::load && in_constant_memory(unit.constants, address))
    current_thread.block->constant.log(thread_rank(), address, bytes, file, line);
  if (unit.diagnostics && !global_access_cleared(address, bytes))
    check_global_access(address, bytes, kind, file, line);
}

}  // namespace

void observe_checked(const void* address, std::size_t bytes, AccessKind kind, bool whole_object,
                     const char* file, unsigned line) {
  note_progress(file, line);
  const UnitState& unit = *current_thread.unit;
  // Most accesses of most kernels: global memory this worker has already found in bounds, with
  // no constant memory to count. They return here without a call (and so without a frame).
  if (!unit.counting && !unit.arena.contains(address) && global_access_cleared(address, bytes))
    return;
  observe_uncleared(address, bytes, kind, whole_object, file, line);
}

void observe_atomic_checked(const void* address, std::size_t bytes) {
  note_progress(nullptr, 0);
  if (current_thread.unit->arena.contains(address))
    note_shared_written(address, bytes);
  else if (current_thread.unit->diagnostics && !global_access_cleared(address, bytes))
    check_global_access(address, bytes, AccessKind::update, nullptr, 0);
}

namespace {
std::atomic<bool> some_kernels_without_access_checks{false};
std::atomic<bool> unchecked_kernels_said{false};
}  // namespace

bool note_kernels_without_access_checks() {
  some_kernels_without_access_checks.store(true, std::memory_order_relaxed);
  return true;
}

void say_once_if_accesses_go_unchecked() {
  if (!settings().diagnostics ||
      !some_kernels_without_access_checks.load(std::memory_order_relaxed) ||
      unchecked_kernels_said.exchange(true))
    return;
  std::fprintf(stderr,
               "simt: note: kernels of this program were built with --simt-no-checks: their "
               "memory accesses go unchecked (no race, bounds, uninitialised-read or "
               "bank-conflict reports from them)\n");
}

}  // namespace simt::detail
