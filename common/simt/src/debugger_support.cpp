/// @file
/// @brief What a debugger asks the emulator about the GPU thread it stopped in: the state of
/// every thread of that thread's block. gdb's extension (gdb/simt-gdb.py, `info simt-threads`)
/// calls simt_debugger_block_threads() in the stopped program.

#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/detail/warp_waits.hpp>
#include "describe.hpp"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace simt::detail {

namespace {

/// Where a thread that is not running is, as far as the scheduler's records say. Threads run
/// one at a time, each until it waits or exits, so every thread other than the running one is
/// in exactly one of these states.
std::string state_of(const ThreadContext& running, const BlockState& b, unsigned rank) {
  const BlockScheduling& s = b.scheduling;
  const WarpWaits& warp = s.warps[warp_of(rank)];
  const unsigned lane_bit = 1u << lane_of(rank);
  if (rank == running.slot->rank) return "running";
  if ((warp.exited & lane_bit) != 0) return "exited";
  if ((warp.arrived & lane_bit) != 0)
    return "waiting at " + describe_site(*warp.lanes[lane_of(rank)]->site);
  for (const PhaseWait& w : s.phase_waits)
    if (w.rank == rank) return "waiting at " + describe_site(*w.site);
  for (const StrayArrival& stray : s.strays)
    if (stray.rank == rank) return "waiting at " + describe_site(*stray.site);
  // Not waiting anywhere on record: either still to run in the chain being run, or among those
  // that ran before the running thread and wait at the block's barrier.
  // (A chain ends with a slot of rank threads_per_block, which returns to the scheduler.)
  const UnitState& unit = *running.unit;
  bool to_run = false;
  for (const ThreadSlot* next = running.slot + 1; next->rank < unit.threads_per_block; ++next)
    to_run = to_run || next->rank == rank;
  if (to_run && unit.starting) return "not started yet";
  if (to_run && running.chain_begin == s.chain.data() && b.last_barrier != nullptr)
    return "ready, resumes after " + describe_site(*b.last_barrier);
  if (to_run) return "ready";
  if (s.barrier != nullptr) return "waiting at " + describe_site(*s.barrier);
  return "waiting";
}

/// The block of the GPU thread this worker runs, its threads grouped by state, in rank order.
std::string describe_running_block() {
  const ThreadContext t = current_thread;  // a copy: read once, while the worker is stopped
  if (t.slot == nullptr || t.block == nullptr || t.unit == nullptr)
    return "This thread is not running a GPU thread of the emulator (select a thread stopped "
           "in kernel code: `info threads`, then `thread N`).\n";
  const BlockState& b = *t.block;
  const unsigned n = t.unit->threads_per_block;
  std::ostringstream text;
  text << "kernel '" << kernel_name(*t.unit, nullptr) << "', block " << index_text(b.block_idx)
       << " of grid " << index_text(t.grid_dim) << ", " << n << " threads of block "
       << index_text(t.block_dim) << ":\n";
  // Runs of consecutive ranks in one state, each named by its first and last threadIdx.
  auto index_of = [&](unsigned rank) {
    const Uint3 d = t.block_dim;
    return index_text(Uint3{rank % d.x, rank / d.x % d.y, rank / (d.x * d.y)});
  };
  for (unsigned first = 0; first < n;) {
    const std::string state = state_of(t, b, first);
    unsigned last = first;
    while (last + 1 < n && state_of(t, b, last + 1) == state) ++last;
    text << "  " << (first == last ? "thread " : "threads ") << index_of(first);
    if (last != first) text << "-" << index_of(last);
    text << ": " << state << "\n";
    first = last + 1;
  }
  return text.str();
}

}  // namespace

}  // namespace simt::detail

/// @brief For debuggers: the GPU threads of the block that the calling worker runs, one line per
/// run of threads in one state ("running", "exited", "waiting at __syncthreads() at k.cuh:8",
/// "ready, resumes after ...", "not started yet"). The text lives until the next call on this
/// thread. A C function, so a debugger can call it without the emulator's debug information.
extern "C" const char* simt_debugger_block_threads() noexcept {
  static thread_local std::string text;
  try {
    text = simt::detail::describe_running_block();
  } catch (...) {
    text = "The emulator could not describe the block (out of memory?).\n";
  }
  return text.c_str();
}
