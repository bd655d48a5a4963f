/// @file
/// @brief `clock64()` for kernels on the emulator.

#include <simt/cuda/builtins.hpp>
#include <simt/detail/heartbeat.hpp>

#include <chrono>

// A thread that reads the clock in a loop waits for something: the watchdog may have found it
// waits in vain.
long long clock64() {
  if (simt::detail::current_thread.checking) simt::detail::note_progress(nullptr, 0);
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
