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

namespace tutorial {

/// @brief Reads of `__constant__` variables: warp-wide requests, and the distinct 4-byte words
/// they asked for (the constant cache serves one word at a time, to every lane that asked for
/// it).
struct ConstantReads {
  std::uint64_t requests = 0;  ///< Warp-wide constant reads.
  std::uint64_t words = 0;     ///< Distinct words they asked for, request by request.
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

/// @brief The last launch's constant-memory reads, as the emulator counted them (simt's
/// `last_launch_constant_counters()`, while an AccessCounting lives); std::nullopt in a GPU
/// build.
[[nodiscard]] std::optional<ConstantReads> last_launch_constant_reads();

}  // namespace tutorial
