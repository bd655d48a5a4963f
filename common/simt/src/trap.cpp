/// @file
/// @brief `__trap()` and `__nanosleep()` in kernels on the emulator.

#include <simt/cuda/builtins.hpp>
#include <simt/detail/heartbeat.hpp>
#include <simt/detail/shared_layout.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/launch.hpp>
#include "describe.hpp"

#include <string>
#include <thread>

// A thread that sleeps in a loop waits for something: the watchdog may have found it waits in
// vain.
void __nanosleep(unsigned) {
  if (simt::detail::current_thread.checking) simt::detail::note_progress(nullptr, 0);
  std::this_thread::yield();
}

namespace simt::detail {

void trap(const char* file, unsigned line) {
  const ThreadContext& t = current_thread;
  throw KernelError("kernel '" + kernel_name(*t.unit, nullptr) + "' called __trap() at " +
                    where(file, line) + ": thread " + index_text(t.slot->index) + " of block " +
                    index_text(t.block_idx));
}

}  // namespace simt::detail
