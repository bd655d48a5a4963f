#pragma once
/// @file
/// @brief What the scheduler tells the shared-memory checks: a block starts, a barrier
/// interval ends. Internal to the emulator.

#include <simt/detail/thread_context.hpp>
#include <simt/launch.hpp>

namespace simt::detail {

/// @brief Prepares a block's diagnostics state before its first thread runs.
void begin_block_checks(ClusterState& cluster, BlockState& block);

/// @brief Closes the block's current barrier interval: counts its shared-memory requests and
/// wavefronts, and starts a new interval for the race checks.
void end_interval(ClusterState& cluster, BlockState& block);

/// @brief Adds a worker's counts to the launch's, and publishes them as the last launch's.
void publish_counters(const SharedCounts& counts, bool first_worker);

}  // namespace simt::detail
