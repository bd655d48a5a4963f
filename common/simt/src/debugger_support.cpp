/// @file
/// @brief The table of running workers that a debugger reads (gdb/simt-gdb.py): which kernel
/// thread runs with which ThreadContext. Reading memory is all a debugger can do with a core
/// file, and on some machines all it can do with a live process (calling a function there needs
/// to write the CPU's extended state, which a hypervisor may refuse).

#include "debugger_support.hpp"

#include <simt/detail/thread_context.hpp>

#include <atomic>

#include <unistd.h>

/// @brief One worker that runs GPU threads now: its kernel thread id (gdb's LWP; 0 for a free
/// entry) and the ThreadContext its `threadIdx` and friends read. Two words, as the debugger
/// reads them: the library may be built without debug information, so the debugger knows the
/// table by its symbol alone, and ThreadContext from the kernels' debug information.
struct SimtDebuggerWorker {
  long tid;
  simt::detail::ThreadContext* context;
};
static_assert(sizeof(SimtDebuggerWorker) == 2 * sizeof(long));

/// @brief The workers that run GPU threads, for debuggers (more workers than entries: the later
/// ones go unnamed), and how many entries it has. Zero-initialised static storage, so it is
/// readable before any launch.
extern "C" {
[[gnu::used]] SimtDebuggerWorker simt_debugger_workers[1024];
extern const int simt_debugger_worker_entries;
[[gnu::used]] const int simt_debugger_worker_entries = 1024;
}

namespace simt::detail {

DebuggerRegistration::DebuggerRegistration() noexcept {
  const long tid = gettid();
  for (int i = 0; i < static_cast<int>(std::size(simt_debugger_workers)); ++i) {
    std::atomic_ref<long> entry(simt_debugger_workers[i].tid);
    long free = 0;
    if (entry.load(std::memory_order_relaxed) == 0 &&
        entry.compare_exchange_strong(free, tid, std::memory_order_acq_rel)) {
      simt_debugger_workers[i].context = &current_thread;
      slot_ = i;
      return;
    }
  }
}

DebuggerRegistration::~DebuggerRegistration() {
  if (slot_ < 0) return;
  simt_debugger_workers[slot_].context = nullptr;
  std::atomic_ref<long>(simt_debugger_workers[slot_].tid).store(0, std::memory_order_release);
}

}  // namespace simt::detail
