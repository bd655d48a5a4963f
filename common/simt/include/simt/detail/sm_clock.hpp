#pragma once
/// @file
/// @brief The multiprocessor's cycle counter as the emulator keeps it: the host's steady clock
/// read at the imitated GPU's SM clock rate, sped up by the number of GPU threads a worker runs
/// one after another where the GPU runs them side by side. Kernels turn `clock()` and `clock64()`
/// differences into time with the rate `cudaDevAttrClockRate` reports, and spin until a number of
/// cycles has passed: a spin of C cycles in every thread of a block then takes about as long as
/// C cycles of the host's clock for the whole block, as it takes C cycles on the GPU, where the
/// threads spin side by side; a lone thread's clock runs at the rate itself. Internal.

#include <chrono>

namespace simt::detail {

/// @ingroup simt
/// @brief The SM clock the emulator imitates, in kHz: an H100 SXM's boost clock, as
/// `cudaDeviceGetAttribute(..., cudaDevAttrClockRate, ...)` reports it.
inline constexpr long long sm_clock_rate_khz = 1980000;

/// @brief Cycles of that clock since the steady clock's epoch (no overflow for centuries).
inline long long sm_cycles() {
  const long long ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                           .count();
  constexpr long long per_microsecond = sm_clock_rate_khz / 1000;
  return ns / 1000 * per_microsecond + ns % 1000 * per_microsecond / 1000;
}

/// @ingroup simt
/// @brief One launch's clock on one worker: it reads `base` when the host's reads `origin`, and
/// counts `rate` cycles for each of the host's (the threads of a unit: a block, a cluster's blocks
/// or a cooperative grid, which the worker runs one after another).
struct LaunchClock {
  long long origin = 0;  ///< sm_cycles() when the launch started.
  long long base = 0;    ///< What the launch's clock read then.
  long long rate = 1;    ///< Cycles counted for each cycle of the host's clock.
  [[nodiscard]] long long now() const noexcept { return base + rate * (sm_cycles() - origin); }
};

/// @brief A launch's clock, started where the last launch's stopped or later (a kernel never
/// reads less than one before it did), counting `rate` cycles for each of the host's.
LaunchClock start_launch_clock(long long rate);

/// @brief Notes where a launch's clock stopped, for the next launch to start there or later.
void stop_launch_clock(const LaunchClock& clock);

/// @brief `clock64()` in a kernel: the running thread's launch clock (noting, for the watchdog,
/// that a thread reading it in a loop waits for something).
long long kernel_cycles();

}  // namespace simt::detail
