#pragma once
/// @file
/// @brief Timing kernels properly: warm-up, repetitions, median; and a bandwidth ceiling
/// measured in the same run to quote results against.

#include <cstddef>
#include <functional>

namespace tutorial {

/// @brief How often to run before and while measuring.
struct TimingPolicy {
  int warmups = 3;       ///< Untimed runs first (module load, caches, clocks).
  int repetitions = 25;  ///< Timed runs; the median is reported.
};

/// @brief Median, minimum and maximum of the timed runs, in milliseconds.
struct Timing {
  double median_ms = 0;  ///< The figure to report.
  double min_ms = 0;     ///< Fastest run.
  double max_ms = 0;     ///< Slowest run.
};

/// @brief Times `enqueue` (which launches work on the default stream) with CUDA events
/// around each repetition. `prepare`, when given, runs before each run, untimed (host code that
/// resets the inputs: managed memory touched on the host again, say).
[[nodiscard]] Timing time_on_device(const std::function<void()>& enqueue, TimingPolicy policy = {},
                                    const std::function<void()>& prepare = {});

/// @brief Times `run` on the host with a steady clock.
[[nodiscard]] Timing time_on_host(const std::function<void()>& run, TimingPolicy policy = {});

/// @brief Device-to-device cudaMemcpy bandwidth in GB/s (10^9 bytes/s) for buffers of `bytes`,
/// counting bytes read plus bytes written: the practical ceiling for a streaming kernel.
[[nodiscard]] double copy_bandwidth_gbs(std::size_t bytes, TimingPolicy policy = {});

}  // namespace tutorial
