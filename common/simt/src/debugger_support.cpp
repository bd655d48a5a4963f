/// @file
/// @brief What a debugger asks the emulator about the GPU thread it stopped in: the state of
/// every thread of that thread's block. gdb's extension (gdb/simt-gdb.py, `info simt-threads`)
/// calls simt_debugger_block_threads() in the stopped program.

#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/detail/warp_waits.hpp>
#include "describe.hpp"
#include "waiting_threads.hpp"

#include <sstream>
#include <string>
#include <vector>

namespace simt::detail {

namespace {

/// What each thread of the running thread's block is doing, by rank, as far as the scheduler's
/// records say. Threads run one at a time, each until it waits or exits, so every thread other
/// than the running one has exited, waits at a place on record, is still to run in the chain
/// being run, or ran before the running thread and waits at the interval's barrier.
std::vector<std::string> thread_states(const ThreadContext& t) {
  const BlockState& b = *t.block;
  const BlockScheduling& s = b.scheduling;
  const unsigned n = t.unit->threads_per_block;
  // The chain being run ends with a slot of rank n, which returns to the scheduler.
  std::vector<char> to_run(n, 0);
  for (const ThreadSlot* next = t.slot + 1; next->rank < n; ++next) to_run[next->rank] = 1;
  const bool main_chain = t.chain_begin == s.chain.data();
  std::vector<std::string> states(n);
  for (unsigned rank = 0; rank < n; ++rank) {
    const RecordedWait wait = recorded_wait(s, rank);
    if (rank == t.slot->rank)
      states[rank] = "running";
    else if ((s.warps[warp_of(rank)].exited >> lane_of(rank)) & 1u)
      states[rank] = "exited";
    else if (wait.site != nullptr)
      states[rank] = "waiting at " + describe_site(*wait.site);
    else if (to_run[rank] && t.unit->starting)
      states[rank] = "not started yet";
    else if (to_run[rank] && main_chain && b.last_barrier_site != nullptr)
      states[rank] = "ready, resumes after " + describe_site(*b.last_barrier_site);
    else if (to_run[rank])
      states[rank] = "ready";
    else if (s.barrier_site != nullptr)
      states[rank] = "waiting at " + describe_site(*s.barrier_site);
    else
      states[rank] = "waiting";
  }
  return states;
}

/// The block of the GPU thread this worker runs, its threads grouped by state, in rank order.
std::string describe_running_block() {
  const ThreadContext t = current_thread;  // a copy: read once, while the worker is stopped
  if (t.slot == nullptr || t.block == nullptr || t.unit == nullptr)
    return "This thread is not running a GPU thread of the emulator (select a thread stopped "
           "in kernel code: `info threads`, then `thread N`).\n";
  const unsigned n = t.unit->threads_per_block;
  std::ostringstream text;
  text << "kernel '" << kernel_name(*t.unit, nullptr) << "', block "
       << index_text(t.block->block_idx) << " of grid " << index_text(t.grid_dim) << ", " << n
       << " threads of block " << index_text(t.block_dim) << ":\n";
  // Runs of consecutive ranks in one state, each named by its first and last threadIdx.
  const std::vector<std::string> states = thread_states(t);
  for (unsigned first = 0; first < n;) {
    unsigned last = first;
    while (last + 1 < n && states[last + 1] == states[first]) ++last;
    text << "  " << (first == last ? "thread " : "threads ")
         << index_text(unflatten(first, t.block_dim));
    if (last != first) text << "-" << index_text(unflatten(last, t.block_dim));
    text << ": " << states[first] << "\n";
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
