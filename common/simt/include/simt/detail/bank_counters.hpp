#pragma once
/// @file
/// @brief The bank-conflict counters: shared accesses logged during a barrier interval and
/// grouped into warp-wide requests when it ends. Internal.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace simt {
struct SharedMemoryCounters;
}

namespace simt::detail {

/// @ingroup simt
/// @brief One shared-memory access, kept until the end of its barrier interval.
struct AccessRecord {
  std::uint32_t rank;  ///< Thread rank in the block.
  std::uint32_t k;     ///< The thread's k-th shared access in this interval.
  std::uint32_t word;  ///< First 4-byte word touched (its bank is word % 32).
  std::uint32_t line;  ///< Line of the access in `file`.
  const char* file;    ///< The kernel file (`__FILE__`).
  std::uint8_t words;  ///< Words touched (size / 4, at least 1).
  bool store;          ///< Store (true) or load.
};

/// @brief A block's accesses in the current barrier interval (counters on).
struct BankLog {
  std::vector<AccessRecord> accesses;
  std::vector<std::uint32_t> access_count;  ///< Per thread: shared accesses this interval.
  std::vector<AccessRecord> sorted;         ///< Scratch of count_interval's ordering.
  std::vector<std::uint32_t> bucket_start;  ///< Scratch of count_interval's ordering.
  /// @brief Logs an access of `bytes` at byte `offset` of the block's shared address space,
  /// made at `file`:`line`.
  void log(unsigned rank, std::size_t offset, std::size_t bytes, bool store, const char* file,
           unsigned line) {
    accesses.push_back({rank, access_count[rank]++, static_cast<std::uint32_t>(offset / 4), line,
                        file, static_cast<std::uint8_t>(bytes < 4 ? 1 : bytes / 4), store});
  }
  /// @brief Adds the interval's requests and wavefronts to `counts` (in total and per line) and
  /// starts a new interval. `block` and `interval` say where it was, for the lines' examples.
  void count_interval(SharedMemoryCounters& counts, std::uint64_t block, std::uint64_t interval);

 private:
  /// @brief Orders `accesses` by request: by warp, then k, then load or store, line and file.
  void order_by_request();
};

/// @brief Keeps a finished launch's counts for last_launch_counters().
void record_launch_counters(const SharedMemoryCounters& counts);

}  // namespace simt::detail
