#pragma once
/// @file
/// @brief How reports of a block that cannot go on say where its threads wait. Internal.

#include <simt/detail/unit_state.hpp>

#include <string>
#include <vector>

namespace simt::detail {

/// @brief "threads 1-63 wait at __syncthreads() at k.cuh:12, threads 64-95 wait at
/// __shfl_sync() at k.cuh:20 (mask 0x0000ffff)": each place some thread of `b` waits at (a warp
/// collective, a barrier phase, the interval's barrier or a stray one), leaving out the threads
/// that have exited and those `skipped` names (by rank, when not empty). Empty if none waits.
std::string describe_waiting_threads(const BlockState& b, unsigned threads_per_block,
                                     const std::vector<char>& skipped = {});

}  // namespace simt::detail
