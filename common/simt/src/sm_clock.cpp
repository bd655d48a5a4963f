/// @file
/// @brief The SM clock kernels read (<simt/detail/sm_clock.hpp>): each launch's, and where the
/// last one stopped.

#include <simt/detail/heartbeat.hpp>
#include <simt/detail/sm_clock.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <algorithm>
#include <atomic>

namespace simt::detail {
namespace {

// The most any launch's clock had read when it stopped. A launch that counts faster than the
// host's clock runs ahead of it; the next one starts there, so that no later launch reads less
// than an earlier one did (on the GPU, one SM's clock64() only grows).
std::atomic<long long> last_stop{0};

}  // namespace

LaunchClock start_launch_clock(long long rate) {
  const long long now = sm_cycles();
  return LaunchClock{now, std::max(now, last_stop.load(std::memory_order_relaxed)), rate};
}

void stop_launch_clock(const LaunchClock& clock) {
  const long long reached = clock.now();
  long long seen = last_stop.load(std::memory_order_relaxed);
  while (seen < reached && !last_stop.compare_exchange_weak(seen, reached)) {
  }
}

// A thread that reads the clock in a loop waits for something: the watchdog may have found it
// waits in vain.
long long kernel_cycles() {
  const ThreadContext& t = current_thread;
  if (t.checking) note_progress(nullptr, 0);
  return t.unit != nullptr ? t.unit->clock.now() : sm_cycles();
}

}  // namespace simt::detail
