#pragma once
/// @file
/// @brief How reports of a block that cannot go on say where its threads wait. Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

#include <simt/detail/unit_state.hpp>

#include <string>
#include <vector>

namespace simt::detail {

/// @brief Where a thread waits by the block's own records: a warp collective (with its mask), a
/// completion wait, or a barrier other than the interval's (a stray). `site` is null for a
/// thread on none of them: one that waits at the interval's barrier (`s.barrier_site`) is on no
/// list (every thread runs until it waits, so no count is needed), nor is one to run yet.
struct RecordedWait {
  const Site* site = nullptr;
  unsigned mask = 0;  ///< A warp collective's mask,
  bool warp = false;  ///< when it is one (not a `__syncwarp` convergence point).
};
RecordedWait recorded_wait(const BlockScheduling& s, unsigned rank);

/// @brief "threads 1-63 wait at __syncthreads() at k.cuh:12, threads 64-95 wait at
/// __shfl_sync() at k.cuh:20 (mask 0x0000ffff)": each place some thread of `b` waits at (a warp
/// collective, a barrier phase, the interval's barrier or a stray one), leaving out the threads
/// that have exited and those `skipped` names (by rank, when not empty). Empty if none waits.
std::string describe_waiting_threads(const BlockState& b, unsigned threads_per_block,
                                     const std::vector<char>& skipped = {});

}  // namespace simt::detail
