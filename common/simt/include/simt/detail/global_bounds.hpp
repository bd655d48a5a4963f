#pragma once
/// @file
/// @brief The bounds check of a kernel's accesses to global memory the emulator allocated
/// (simt/global_memory.hpp), for kernel code; defined in src/global_memory.cpp, beside the
/// allocations it checks. Internal.

#include <simt/detail/race_check.hpp>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace simt::detail {

/// @ingroup simt
/// @brief Moves whenever an emulator allocation is made or freed (starts at 0: none ever made).
extern std::atomic<std::uint64_t> global_allocations_changed;

/// @brief A worker's last few ranges of memory found to need no report (an allocation's bytes,
/// or memory no allocation owns), valid while global_allocations_changed stays at `generation`:
/// most accesses are cleared here, with no call and no lock. Eight, so that a kernel's arrays
/// fit (BlackScholes reads and writes five: with four, taken in turn, each of its accesses went
/// to the allocations' lock); once all are taken, which one a new range replaces is chosen at
/// random, so that a kernel with more arrays than ranges still finds most of them.
struct ClearedGlobalRanges {
  struct Range {
    std::uintptr_t begin = 0;
    std::uintptr_t end = 0;  ///< Empty when equal to begin.
  };
  // A built-in array: indexing std::array's is a member call, whose check of `this` under
  // -fsanitize=undefined GCC 12 miscompiles for a thread-local object (see noted_in_passing()).
  Range ranges[8]{};
  std::uint64_t generation = 0;
  std::uint32_t added = 0;  ///< Ranges added since `generation`: the first fill the empty ones.
};
extern constinit thread_local ClearedGlobalRanges cleared_global_ranges;

/// @brief Whether `bytes` at `address` lie in a range this worker already found to need no
/// report (check_global_access() does the rest).
/// (Inlined into kernel code: the thread-local object is named, not bound to a reference; see
/// noted_in_passing().)
[[gnu::always_inline]] inline bool global_access_cleared(const void* address, std::size_t bytes) {
  if (cleared_global_ranges.generation !=
      global_allocations_changed.load(std::memory_order_acquire))
    return false;
  const auto first = reinterpret_cast<std::uintptr_t>(address);
  for (std::size_t i = 0; i < std::size(cleared_global_ranges.ranges); ++i) {
    const std::uintptr_t begin = cleared_global_ranges.ranges[i].begin;
    const std::uintptr_t end = cleared_global_ranges.ranges[i].end;
    if (first >= begin && first < end && bytes <= end - first) return true;
  }
  return false;
}

/// @ingroup simt
/// @brief With diagnostics on, an access outside shared memory: throws KernelError when it
/// touches the guard bytes of an emulator allocation or runs past its end. Memory no allocation
/// owns is not checked. `file` is null for an atomic function. Call it where
/// global_access_cleared() is false.
void check_global_access(const void* address, std::size_t bytes, AccessKind kind, const char* file,
                         unsigned line);

}  // namespace simt::detail
