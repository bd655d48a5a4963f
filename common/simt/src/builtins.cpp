/// @file
/// @brief The builtins of <simt/cuda/builtins.hpp> that are not inline: `clock64()`,
/// `__nanosleep()` and `__trap()` in kernels on the emulator.

#include <simt/cuda/builtins.hpp>
#include <simt/detail/heartbeat.hpp>
#include <simt/detail/sm_clock.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/errors.hpp>
#include "describe.hpp"
#include "host_threads.hpp"

#include <string>

long long clock64() { return simt::detail::kernel_cycles(); }

// A thread that sleeps in a loop waits for something: the watchdog may have found it waits in
// vain.
void __nanosleep(unsigned) {
  if (simt::detail::current_thread.checking) simt::detail::note_progress(nullptr, 0);
  simt::detail::yield_host_thread();
}

namespace simt::detail {

void trap(const char* file, unsigned line) {
  const ThreadContext& t = current_thread;
  throw KernelError("kernel '" + kernel_name(*t.unit, nullptr) + "' called __trap() at " +
                        where(file, line) + ": thread " + index_text(t.slot->index) + " of block " +
                        index_text(t.block_idx),
                    715);  // cudaErrorIllegalInstruction, as the GPU's trap instruction
}

void device_assert_failed(const char* expression, const char* file, unsigned line) {
  const ThreadContext& t = current_thread;
  throw KernelError("device-side assertion `" + std::string(expression) + "` failed in kernel '" +
                        kernel_name(*t.unit, nullptr) + "' at " + where(file, line) + ": thread " +
                        index_text(t.slot->index) + " of block " + index_text(t.block_idx),
                    710);  // cudaErrorAssert
}

}  // namespace simt::detail
