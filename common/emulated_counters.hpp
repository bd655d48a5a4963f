#pragma once
/// @file
/// @brief What the emulator counted of the last launch, for a sample to print beside its results.
///
/// A GPU keeps no such count that a program can read: there Nsight Compute measures it (each
/// chapter's page shows its figures). In a sample's CPU build the emulator counts every warp-wide
/// access as the hardware would serve it, and these functions hand the counts over; in the GPU
/// build they return nothing.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tutorial {

/// @brief Reads of `__constant__` variables: warp-wide requests, and the distinct 4-byte words
/// they asked for (the constant cache serves one word at a time, to every lane that asked for
/// it).
struct ConstantReads {
  std::uint64_t requests = 0;  ///< Warp-wide constant reads.
  std::uint64_t words = 0;     ///< Distinct words they asked for, request by request.
};

/// @brief The shared-memory traffic of one line of a kernel's source, loads and stores apart.
struct SharedAccessLine {
  std::string place;                  ///< "file.cuh:12".
  bool store = false;                 ///< Stores (true) or loads.
  unsigned long long requests = 0;    ///< Warp-wide requests made at this line.
  unsigned long long wavefronts = 0;  ///< Wavefronts they took.
  unsigned long long conflicts = 0;   ///< Wavefronts beyond those without conflicts.
  std::string bank_map;  ///< The lane-to-bank map of its request with the most wavefronts.
  /// @brief conflicts per request: how many ways the line's requests conflict, less one.
  [[nodiscard]] double conflicts_per_request() const {
    return requests == 0 ? 0.0 : static_cast<double>(conflicts) / static_cast<double>(requests);
  }
};

/// @brief Shared-memory traffic of a launch: warp-wide requests, the wavefronts they took (one
/// per 128 bytes served, more where lanes ask one bank for distinct words), and the bank
/// conflicts (the wavefronts beyond those), for loads and stores, and per line. (Counts are
/// `unsigned long long`, which printf's `%llu` prints.)
struct SharedAccesses {
  unsigned long long load_requests = 0, load_wavefronts = 0, load_conflicts = 0;
  unsigned long long store_requests = 0, store_wavefronts = 0, store_conflicts = 0;
  std::vector<SharedAccessLine> lines;  ///< By file and line, loads before stores.
  /// @brief The line with the most conflicts per request (the first of several); null when no
  /// line has a conflict.
  [[nodiscard]] const SharedAccessLine* worst_line() const;
};

/// @brief While one lives, in a sample's CPU build, the emulator counts the memory accesses of
/// each launch (a whole program's emulator leaves counting off unless asked: it costs time);
/// in a GPU build it does nothing.
class AccessCounting {
 public:
  AccessCounting();
  ~AccessCounting();
  AccessCounting(const AccessCounting&) = delete;
  AccessCounting& operator=(const AccessCounting&) = delete;

 private:
  bool was_counting_ = false;
};

/// @brief The last launch's shared-memory traffic, as the emulator counted it (simt's
/// `last_launch_counters()`, while an AccessCounting lives); std::nullopt in a GPU build.
[[nodiscard]] std::optional<SharedAccesses> last_launch_shared_accesses();

/// @brief The last launch's constant-memory reads, as the emulator counted them (simt's
/// `last_launch_constant_counters()`, while an AccessCounting lives); std::nullopt in a GPU
/// build.
[[nodiscard]] std::optional<ConstantReads> last_launch_constant_reads();

}  // namespace tutorial
