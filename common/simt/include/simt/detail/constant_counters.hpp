#pragma once
/// @file
/// @brief The constant-memory counters: reads of `__constant__` variables logged during a
/// barrier interval and grouped into warp-wide requests when it ends. Internal.

#include <simt/constant_counters.hpp>

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace simt::detail {

/// @ingroup simt
/// @brief One read of constant memory, kept until the end of its barrier interval.
struct ConstantRecord {
  std::uint32_t rank;   ///< Thread rank in the block.
  std::uint32_t k;      ///< The thread's k-th constant read in this interval.
  std::uintptr_t word;  ///< The 4-byte word read (its address / 4).
  std::uint32_t line;   ///< Line of the read in `file`.
  const char* file;     ///< The kernel file (`__FILE__`).
};

/// @brief A block's constant reads in the current barrier interval (counters on).
struct ConstantLog {
  std::vector<ConstantRecord> reads;
  std::vector<std::uint32_t> read_count;  ///< Per thread: constant reads this interval.
  /// @brief Logs a read of `bytes` at `address` by thread `rank`, made at `file`:`line`: one
  /// record per word it touches.
  void log(unsigned rank, const void* address, std::size_t bytes, const char* file, unsigned line);
  /// @brief Adds the interval's requests and words to `counts` and starts a new interval.
  void count_interval(ConstantMemoryCounters& counts);
};

/// @brief The address ranges [begin, end) of every registered `__constant__` variable, sorted:
/// taken once per launch, when the counters are on.
using ConstantRanges = std::vector<std::pair<std::uintptr_t, std::uintptr_t>>;
[[nodiscard]] ConstantRanges constant_ranges();
/// @brief Whether `address` lies in one of `ranges`.
[[nodiscard]] bool in_constant_memory(const ConstantRanges& ranges, const void* address);

/// @brief Keeps a finished launch's counts for last_launch_constant_counters().
void record_launch_constant_counters(const ConstantMemoryCounters& counts);

}  // namespace simt::detail
