#pragma once
/// @file
/// @brief The multiprocessor's cycle counter as the emulator keeps it: the host's steady clock
/// read at the imitated GPU's SM clock rate. Kernels turn `clock()` and `clock64()` differences
/// into time with the rate `cudaDevAttrClockRate` reports, and spin until a number of cycles has
/// passed: with the counter at that rate, both mean on the emulator what they mean on the GPU.
/// Internal.

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

}  // namespace simt::detail
