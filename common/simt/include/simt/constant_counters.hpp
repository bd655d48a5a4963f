#pragma once
/// @file
/// @brief Constant-memory requests of a launch, as the emulator counts them: how many distinct
/// words each warp-wide read of a `__constant__` variable asks for, per launch and per line.

#include <cstdint>
#include <string>
#include <vector>

namespace simt {

/// @ingroup simt
/// @brief The constant-memory reads of one line of a kernel's source.
struct ConstantAccessLine {
  const char* file = "";       ///< The kernel file, as `__FILE__` names it.
  unsigned line = 0;           ///< The line of the read in that file.
  std::uint64_t requests = 0;  ///< Warp-wide reads made at this line.
  std::uint64_t words = 0;     ///< Distinct 4-byte words they asked for, request by request.
  /// @brief "file.cuh:12": the line, with the file name without its folders.
  [[nodiscard]] std::string place() const;
  /// @brief words / requests: 1 when every lane reads the same word (a broadcast), up to 32
  /// when each lane reads its own (32 accesses, one after another).
  [[nodiscard]] double words_per_request() const {
    return requests == 0 ? 0.0 : static_cast<double>(words) / static_cast<double>(requests);
  }
};

/// @ingroup simt
/// @brief Reads of `__constant__` variables in a launch, counted as the constant cache serves
/// them: a *request* is one warp-wide read (the k-th constant read of each active lane in a
/// barrier interval, at one line of the source), and the cache delivers one distinct word at a
/// time, to every lane that asked for it. The guide: a request "is split into as many separate
/// requests as there are different memory addresses in the initial request".
struct ConstantMemoryCounters {
  std::uint64_t requests = 0;  ///< Warp-wide constant reads.
  std::uint64_t words = 0;     ///< Distinct words they asked for: the accesses the cache serves.
  /// The same counts per line of the source, sorted by file and line.
  std::vector<ConstantAccessLine> lines;
  /// @brief words / requests over the launch.
  [[nodiscard]] double words_per_request() const {
    return requests == 0 ? 0.0 : static_cast<double>(words) / static_cast<double>(requests);
  }
  /// @brief Adds another count (a worker's) to this one.
  ConstantMemoryCounters& operator+=(const ConstantMemoryCounters& other);
};

/// @ingroup simt
/// @brief The constant-memory counters of the last launch made by this process (all zero when
/// counting is off: Settings::count_bank_conflicts turns both counters on and off).
ConstantMemoryCounters last_launch_constant_counters();

}  // namespace simt
