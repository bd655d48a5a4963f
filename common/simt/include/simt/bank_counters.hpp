#pragma once
/// @file
/// @brief Shared-memory requests, wavefronts and bank conflicts of a launch, as the emulator counts
/// them, per launch and per line of the source.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace simt {

/// @ingroup simt
/// @brief One warp-wide shared-memory request as the 32 banks see it, and where it happened.
struct BankRequestMap {
  static constexpr std::int64_t inactive = -1;  ///< A lane that took no part in the request.
  /// Per lane, the first 4-byte word of shared memory it touched (its bank is `word % 32`), or
  /// `inactive`. Words count from the first static `__shared__` variable, or, for
  /// `extern __shared__` memory, from the start of the dynamic shared memory.
  std::array<std::int64_t, 32> word{};
  bool dynamic = false;                ///< The request is to dynamic shared memory.
  unsigned words_per_lane = 1;         ///< 1, or 2 and 4 for 8- and 16-byte accesses.
  std::uint64_t wavefronts = 0;        ///< Wavefronts the request took.
  std::uint64_t ideal_wavefronts = 0;  ///< Wavefronts it would take without conflicts.
  std::uint64_t block = 0;             ///< Linear index of its block in the grid.
  std::uint64_t interval = 0;          ///< Barrier intervals of that block before it.
  unsigned warp = 0;                   ///< Its warp in the block.
  unsigned k = 0;                      ///< It is the k-th shared access of its lanes (from 0).
};

/// @ingroup simt
/// @brief The shared-memory traffic of one line of a kernel's source, loads and stores apart.
struct SharedAccessLine {
  const char* file = "";               ///< The kernel file, as `__FILE__` names it.
  unsigned line = 0;                   ///< The line of the access in that file.
  bool store = false;                  ///< Stores (true) or loads.
  std::uint64_t requests = 0;          ///< Warp-wide requests made at this line.
  std::uint64_t wavefronts = 0;        ///< Wavefronts they took.
  std::uint64_t ideal_wavefronts = 0;  ///< Wavefronts they would take without conflicts.
  /// The request of this line with the most wavefronts; of several, the first (lowest block,
  /// then earliest interval, warp and access), so that it does not depend on the workers.
  BankRequestMap worst;
  /// @brief Extra wavefronts caused by bank conflicts.
  [[nodiscard]] std::uint64_t conflicts() const { return wavefronts - ideal_wavefronts; }
  /// @brief "file.cuh:12": the line, with the file name without its folders.
  [[nodiscard]] std::string place() const;
  /// @brief conflicts() per request: how many ways the line's requests conflict, less one.
  [[nodiscard]] double conflicts_per_request() const {
    return static_cast<double>(conflicts()) / static_cast<double>(requests);
  }
};

/// @ingroup simt
/// @brief Shared-memory traffic of a launch, counted as the hardware would: a *request* is one
/// warp-wide access (the k-th shared access of each active lane in a barrier interval, at one
/// line of the source). A request is served 128 bytes at a time (32 lanes of 4 bytes, 16 of 8,
/// 8 of 16), and each such phase takes as many *wavefronts* as its busiest of the 32 four-byte
/// banks has distinct words to deliver (lanes reading the same word share one). *Bank
/// conflicts* are the wavefronts beyond one per phase: a conflict-free 8-byte request takes 2
/// wavefronts and 0 conflicts.
struct SharedMemoryCounters {
  std::uint64_t load_requests = 0;           ///< Warp-wide shared loads.
  std::uint64_t load_wavefronts = 0;         ///< Wavefronts those loads took.
  std::uint64_t load_ideal_wavefronts = 0;   ///< Wavefronts they would take without conflicts.
  std::uint64_t store_requests = 0;          ///< Warp-wide shared stores.
  std::uint64_t store_wavefronts = 0;        ///< Wavefronts those stores took.
  std::uint64_t store_ideal_wavefronts = 0;  ///< Wavefronts they would take without conflicts.
  /// The same counts per line of the source (loads and stores apart), sorted by file, line, and
  /// loads before stores.
  std::vector<SharedAccessLine> lines;
  /// @brief Extra wavefronts of loads caused by bank conflicts.
  [[nodiscard]] std::uint64_t load_conflicts() const {
    return load_wavefronts - load_ideal_wavefronts;
  }
  /// @brief Extra wavefronts of stores caused by bank conflicts.
  [[nodiscard]] std::uint64_t store_conflicts() const {
    return store_wavefronts - store_ideal_wavefronts;
  }
  /// @brief The line with the most conflicts per request (of several, the first in `lines`);
  /// null when no line has a conflict.
  [[nodiscard]] const SharedAccessLine* worst_line() const;
  /// @brief Adds another count (a worker's) to this one.
  SharedMemoryCounters& operator+=(const SharedMemoryCounters& other);
};

/// @ingroup simt
/// @brief The counters of the last launch made by this process (all zero when counting is off).
SharedMemoryCounters last_launch_counters();

}  // namespace simt
