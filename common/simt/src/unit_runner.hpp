#pragma once
/// @file
/// @brief The scheduler: runs the blocks of one unit (a cluster, or the grid of a cooperative
/// launch) on the calling worker, barrier interval by barrier interval. Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

#include <simt/detail/unit_state.hpp>
#include <simt/launch.hpp>
#include "strict_warnings.hpp"
#include "watchdog.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace simt::detail {

/// @brief Runs units one after another on the calling thread.
class UnitRunner {
 public:
  UnitRunner(const LaunchConfig& config, ThreadBody body, PlainBlockBody plain_block,
             const void* closure, const char* kernel, StrictWarnings& warnings,
             const LaunchClock& clock);

  /// @brief The number of units the grid is made of.
  [[nodiscard]] static std::uint64_t unit_count(const LaunchConfig& config);
  /// @brief Shared-memory counts of the units run so far.
  [[nodiscard]] const SharedMemoryCounters& counts() const { return unit_.counts; }
  /// @brief Constant-memory counts of the units run so far.
  [[nodiscard]] const ConstantMemoryCounters& constant_counts() const {
    return unit_.constant_counts;
  }
  /// @brief Runs unit `index`; appends what its blocks printed to `printed` by block index.
  void run(std::uint64_t index, std::map<std::uint64_t, std::string>& printed);

  /// @brief A block of a kernel run as loops over its threads: the end of an interval at the
  /// barrier at `site`, which every thread of the block that has not returned has reached.
  bool pass_loop_barrier(BlockState& b, const Site& site);
  /// @brief The same kernel: drops the threads that returned from the chain.
  bool drop_returned(BlockState& b);
  /// @brief The same kernel: completes the warp collective at which every thread of the block
  /// that has not returned has arrived, warp by warp, as the scheduler would release it.
  void pass_loop_collective(BlockState& b);

 private:
  void place_blocks(std::uint64_t index);
  void begin_block(BlockState& b);
  void start_threads(BlockState& b);
  /// Notes that every thread of `b` has returned (a plain function's block).
  void all_returned(BlockState& b);
  /// The loop's steps. Runs, in every block, the threads whose warp collective, barrier phase,
  /// pipeline stage or block barrier is ready, until none is; false if there was none.
  bool run_ready_in_blocks();
  /// Some thread waits at a barrier, a collective or a phase.
  [[nodiscard]] bool some_thread_waits() const;
  /// Releases the cluster barriers every block of a cluster waits at, or else (cooperative
  /// launch) the grid barrier every block waits at; false if there was none.
  bool release_ready_group_barriers();
  void settle_warps(BlockState& b);
  bool settle_warp(BlockState& b, unsigned w);
  bool release_tile(BlockState& b, unsigned first, const WarpCollective& c);
  void release_lanes(BlockState& b, unsigned first, unsigned span, unsigned lanes,
                     const GroupView& group, const WarpCollective& c);
  /// Runs on the threads waiting for cuda::barrier phases that have completed; false if none.
  bool settle_completion_waits(BlockState& b);
  [[nodiscard]] bool block_barrier_ready(const BlockState& b) const;
  [[nodiscard]] bool group_barrier_ready(std::size_t first, std::size_t count,
                                         BarrierKind kind) const;
  /// Releases the block barrier every thread of `b` that has not exited waits at, and runs them.
  void release(BlockState& b);
  /// What releasing it does before the threads run on: ends the interval (with its checks and
  /// counters), completes the group copies it waits for, and makes the next interval's chain.
  void pass_barrier(BlockState& b);
  void end_interval(BlockState& b);
  void run_chain(BlockState& b, std::vector<ThreadSlot>& chain);
  void run_released(BlockState& b, std::vector<ThreadSlot>& released);
  void rebuild_chain(BlockState& b);
  void shuffle(BlockState& b, std::vector<ThreadSlot>& chain);
  /// With the strict setting: warns (once per barrier and launch) when threads of blocks
  /// [first, first + count) had exited before the others passed `site`.
  void warn_exited(const Site* site, std::size_t first, std::size_t count);
  [[nodiscard]] const Site* group_site(std::size_t first, std::size_t count) const;
  [[noreturn]] void report_divergence() const;
  /// Shows the watchdog (if on) that block `b` runs on: a new chain of threads, or a thread
  /// started.
  void beat(const BlockState& b) {
    if (Heartbeat* h = watched_.heartbeat()) {
      h->block.store(b.linear, std::memory_order_relaxed);
      h->beat();
    }
  }

  const LaunchConfig& config_;
  ThreadBody body_;
  PlainBlockBody plain_block_;
  const void* closure_;
  StrictWarnings& warnings_;
  Dim3 clusters_grid_;     ///< Clusters along x, y, z.
  unsigned units_blocks_;  ///< Blocks per unit.
  std::optional<std::uint64_t> shuffle_seed_;
  UnitState unit_;
  std::vector<ThreadSlot> rank_order_;  ///< The chain a block starts with.
  /// The kernel is a plain function, not a coroutine (known after its first block): no thread
  /// can ever wait, so a block is a loop over its threads (in rank order) with no chain.
  bool plain_kernel_ = false;
  bool kernel_kind_known_ = false;
  /// A block loop's collective is being completed: release_lanes() completes the lanes' groups
  /// and runs no chain (the block loop runs them on).
  bool completing_in_loop_ = false;
  std::vector<ThreadSlot> scratch_chain_;       ///< Reused: the chain of a collective's lanes.
  std::vector<WarpCollective*> scratch_group_;  ///< Reused: the lanes of a large tile.
  std::vector<char> gone_;                      ///< Reused: which threads have exited.
  WatchedWorker watched_;                       ///< This worker, for the watchdog.
};

}  // namespace simt::detail
