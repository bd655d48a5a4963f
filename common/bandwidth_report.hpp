#pragma once
/// @file
/// @brief Measuring memory-bound kernels against a ceiling measured in the same run.

#include "device.hpp"
#include "timing.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace tutorial {

/// @brief One line of a bandwidth table.
struct BandwidthRow {
  std::string name;       ///< What was timed.
  double median_ms = 0;   ///< Median time per call.
  double gbs = 0;         ///< Bytes moved (read + written) / time, in 10^9 bytes/s.
  bool verified = false;  ///< The result of the timed runs matched the CPU reference.
};

/// @brief The ceiling: a device-to-device cudaMemcpy of `bytes_per_buffer`.
[[nodiscard]] BandwidthRow copy_ceiling(std::size_t bytes_per_buffer, TimingPolicy policy = {});

/// @brief Times `launch` with CUDA events (warm-up, median), then asks `verify` whether the
/// result the timed runs left behind is right.
[[nodiscard]] BandwidthRow measure_bandwidth(std::string name, double bytes_moved,
                                             const std::function<void()>& launch,
                                             const std::function<bool()>& verify,
                                             TimingPolicy policy = {});

/// @brief Prints the table with each row's ratio to the first row (the ceiling) and a last
/// line naming the fastest kernel.
void print_bandwidth_table(const std::vector<BandwidthRow>& rows);

/// @brief Writes the table as CSV for the docs (one row per kernel, labelled with the device,
/// the CUDA driver API version, today's UTC date and `problem`, e.g. "n = 268435456"), with each
/// row's ratio to the first row. Throws UsageError naming `option` if `path` cannot be written.
void write_bandwidth_csv(const std::vector<BandwidthRow>& rows, const DeviceInfo& device,
                         const std::string& problem, const std::string& path,
                         const std::string& option = "--csv");

}  // namespace tutorial
