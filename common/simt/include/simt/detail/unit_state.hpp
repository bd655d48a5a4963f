#pragma once
/// @file
/// @brief The state of the blocks a worker runs together: a thread block cluster (a plain launch
/// has clusters of one block), or the whole grid of a cooperative launch. Internal.

#include <simt/detail/bank_counters.hpp>
#include <simt/detail/constant_counters.hpp>
#include <simt/detail/frame_arena.hpp>
#include <simt/detail/initialisation_check.hpp>
#include <simt/detail/race_check.hpp>
#include <simt/detail/shared_layout.hpp>
#include <simt/detail/site.hpp>
#include <simt/detail/sm_clock.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/warp_waits.hpp>
#include <simt/dim3.hpp>
#include <simt/launch.hpp>

#include <cstddef>
#include <cstdint>
#include <source_location>
#include <string>
#include <vector>

namespace simt::detail {

/// @ingroup simt
/// @brief What a thread waits for.
enum class BarrierKind : std::uint8_t {
  warp,     ///< `__syncwarp(mask)`: the lanes of the mask.
  block,    ///< `__syncthreads()`, `block.sync()`: the block.
  cluster,  ///< `cluster.sync()`: every block of the cluster.
  grid,     ///< `grid.sync()`: every block of a cooperative launch.
};

/// @brief A thread that waits at another block-level barrier than the first thread that arrived
/// in the same interval (a bug in the kernel, reported once the interval ends).
struct StrayArrival {
  unsigned rank;
  const Site* site;
  BarrierKind kind;
};

struct CudaBarrierState;
struct BlockPipelineState;

/// @brief What a completion wait waits for.
enum class CompletionWaitKind : std::uint8_t {
  barrier_phase,     ///< `bar.wait(token)`: the phase of the token to complete.
  pipeline_commit,   ///< `pipe.consumer_wait()`: every thread to commit the stage.
  pipeline_release,  ///< `pipe.producer_acquire()`: every thread to release the stage.
};

/// @brief A thread suspended until `*counter > above`: until phase `above` of a
/// `cuda::barrier` completes, or a block-scope pipeline's stage `above` is committed or released
/// by every thread.
struct CompletionWait {
  unsigned rank;
  const std::uint64_t* counter;
  std::uint64_t above;
  const Site* site;
  CompletionWaitKind kind;
  const void* object;  ///< The CudaBarrierState or BlockPipelineState (for the report).
};

/// @brief An asynchronous copy into the block's shared memory that has not completed: bound to
/// a phase of a `cuda::barrier`, to a stage of a `cuda::pipeline`, or (neither) a
/// cooperative-groups copy that completes at the block's next `cg::wait`.
struct AsyncCopy {
  void* dst;
  const void* src;
  std::size_t bytes;
  std::source_location place;  ///< The memcpy_async call.
  /// The cuda::barrier whose phase completes it, or null.
  const CudaBarrierState* cuda_barrier = nullptr;
  std::uint64_t barrier_phase = 0;   ///< That phase.
  const void* pipeline = nullptr;    ///< The pipeline whose stage completes it, or null.
  std::uint64_t pipeline_stage = 0;  ///< That stage.
  std::uint64_t group_copy = 0;      ///< Neither: the block's k-th group copy...
  std::uint32_t group_first = 0;     ///< ... by the threads of ranks [group_first,
  std::uint32_t group_threads = 0;   ///< group_first + group_threads): the block or a tile.
};

/// @brief A copy into a stage of the running thread's own thread-scope pipeline: the fields of
/// AsyncCopy such a copy uses, in 48 bytes rather than 80, so that a block's lists stay in the
/// processor's caches (globalToShmemAsyncCopy's 256 threads each keep up to 40).
struct ThreadCopy {
  void* dst;
  const void* src;
  const void* pipeline;  ///< The thread's ThreadPipelineState.
  std::uint64_t stage;   ///< Its stage that completes the copy.
  std::source_location place;
  std::uint32_t bytes;  ///< (Into shared memory: at most the 228 KB a block may have.)
  /// @brief The same copy as the diagnostics describe any copy.
  [[nodiscard]] AsyncCopy as_async_copy() const {
    return {.dst = dst,
            .src = src,
            .bytes = bytes,
            .place = place,
            .pipeline = pipeline,
            .pipeline_stage = stage};
  }
};

/// @brief One thread's copies into its own thread-scope pipelines' stages, in the order it made
/// them: those before `first` have completed. A pipeline's stages complete in order, so the
/// copies a wait completes are mostly the first still pending, which move `first` on rather than
/// the later ones down over them (each wait of globalToShmemAsyncCopy's threads moved eight).
struct ThreadCopies {
  std::vector<ThreadCopy> list;
  std::size_t first = 0;
};

/// @brief Per `cuda::barrier` of a block, the phase each thread last arrived in, plus one
/// (diagnostics: a thread that arrives twice in one phase completes it early).
struct ArrivalBook {
  const CudaBarrierState* cuda_barrier;
  std::vector<std::uint64_t> last_phase_plus_one;
};

/// @brief Scheduling state of one block.
struct BlockScheduling {
  /// The threads that have not exited, in the order the next interval runs them, then a last
  /// slot whose no-op handle returns to the scheduler.
  std::vector<ThreadSlot> chain;
  std::vector<unsigned> position;  ///< By rank: the thread's place in the chain.
  /// Where the interval's first thread to wait at a block-level barrier waits (null: none has).
  /// Every thread of the block runs until it waits or exits, so when the interval ends, the
  /// threads that did not exit and wait at no warp collective are exactly those waiting here (or
  /// among the strays): no count is needed.
  const Site* barrier_site = nullptr;
  BarrierKind barrier_kind = BarrierKind::block;
  std::vector<StrayArrival> strays;       ///< Those waiting elsewhere.
  std::vector<WarpWaits> warps;           ///< By warp: lanes waiting at warp collectives.
  unsigned waiting_warps = 0;             ///< Warps with a lane waiting at a collective.
  std::vector<unsigned> exited;           ///< Ranks of the threads that returned.
  std::size_t exits_in_chain = 0;         ///< exited.size() when the chain was built.
  int predicate_count = 0;                ///< Sum of `__syncthreads_count` predicates so far.
  int released_count = 0;                 ///< The count the last released barrier returns.
  std::vector<std::uint16_t> warp_steps;  ///< Per warp: its warp step (__syncwarp()s passed).
  std::vector<CompletionWait>
      completion_waits;                 ///< Threads waiting for a barrier or pipeline stage.
  bool completes_group_copies = false;  ///< The barrier waited at is a `cg::wait`...
  std::uint64_t group_copies_kept = 0;  ///< ... or `cg::wait_prior<N>`, which keeps N.

  /// @brief As a block of `threads` threads starts: no thread waits or has exited, except the
  /// lanes of the last warp past `threads`, which do not exist. `chain` and `position` are
  /// built when the threads start.
  void reset(unsigned threads);
};

/// @brief The bookkeeping of one block.
struct BlockState {
  Uint3 block_idx;                      ///< `blockIdx` of this block.
  std::uint64_t linear = 0;             ///< Linear index of the block in the grid.
  unsigned cluster = 0;                 ///< Index of its cluster within the unit.
  unsigned rank_in_cluster = 0;         ///< `this_cluster().block_rank()`.
  std::size_t arena_index = 0;          ///< Its place in the unit's SharedArena.
  BlockScheduling scheduling;           ///< Its threads and barriers.
  RaceShadow race;                      ///< Diagnostics: who touched which shared byte.
  WrittenBytes written;                 ///< Diagnostics: which shared bytes were written.
  BankLog bank;                         ///< Counters: this interval's shared accesses.
  ConstantLog constant;                 ///< Counters: this interval's constant reads.
  std::string printed;                  ///< What the block's threads printed, in order.
  std::vector<AsyncCopy> async_copies;  ///< Asynchronous copies not completed yet.
  /// By thread rank: its copies into its own thread-scope pipelines' stages not completed yet.
  /// Only that thread's consumer_wait() completes them, so it looks through its own list, not
  /// through every copy of the block (with each of a block's threads waiting on copies of its
  /// own, the one list had made each stage cost the square of the block's copies).
  std::vector<ThreadCopies> thread_copies;
  std::size_t thread_copies_pending = 0;  ///< How many thread_copies holds, all threads together.
  /// Per thread: the cooperative-groups copies it has started (each thread of the block starts
  /// the same ones, so the k-th of every thread is the same copy, AsyncCopy::group_copy k).
  std::vector<std::uint64_t> group_copies_started;
  std::vector<ArrivalBook> arrivals;        ///< Diagnostics: who arrived in which phase.
  bool alive = true;                        ///< Some thread of the block has not exited yet.
  std::uint32_t interval = 0;               ///< Barrier intervals completed by this block.
  const Site* last_barrier_site = nullptr;  ///< The barrier that began the current interval.
  BarrierKind last_barrier_kind = BarrierKind::block;

  /// @brief As a block of `threads` threads starts, leaving its place (block_idx, linear,
  /// cluster, rank_in_cluster, arena_index), which place_blocks() sets: nothing of the block that
  /// ran here before. The diagnostics' shadows and the bank log are the runner's to reset, since
  /// what they need depends on the launch's settings.
  void reset(unsigned threads);
};

/// @brief The blocks a worker runs together, so their threads may wait for each other and read
/// each other's shared memory.
struct UnitState {
  Dim3 cluster_dim;                 ///< Blocks per cluster along x, y, z.
  unsigned blocks_per_cluster = 1;  ///< cluster_dim.volume().
  std::vector<BlockState> blocks;   ///< Cluster by cluster, by rank within each.
  StaticLayout layout;              ///< Static shared memory layout (per worker and launch).
  SharedArena arena;                ///< Every block's shared memory.
  FrameArena frames;                ///< Coroutine frames of every thread.
  bool checking = false;            ///< Diagnostics or counters on: accesses are recorded.
  bool diagnostics = false;         ///< Report races, out-of-bounds and after-exit accesses.
  bool counting = false;            ///< Count shared-memory requests and wavefronts.
  bool strict = false;              ///< Warn when exited threads skip a barrier.
  bool cooperative = false;         ///< The whole grid is one unit (grid.sync() allowed).
  /// Chains run threads in rank order (no shuffle seed), so a warp's lanes are side by side and
  /// a collective can be completed where its last lane arrives.
  bool rank_ordered = true;
  std::uint32_t next_epoch = 1;  ///< Stamps for barrier intervals, never reused by this worker.
  SharedMemoryCounters counts;   ///< This worker's counts for the launch.
  ConstantMemoryCounters constant_counts;  ///< This worker's constant reads for the launch.
  ConstantRanges constants;                ///< Counters on: where the `__constant__` variables are.
  unsigned threads_per_block = 0;          ///< Threads in each block.
  LaunchClock clock;                       ///< What `clock64()` reads in the launch.
  AccessSites access_sites;                ///< Places named by the race records.
  const Site* dynamic_declared = nullptr;  ///< The `extern __shared__` declaration, once seen.
  const char* kernel = nullptr;            ///< The kernel's name when the registry knows it.
  ThreadBody body = nullptr;               ///< Starts the running slot's thread...
  const void* closure = nullptr;           ///< ... with the launch's arguments.
  bool starting = false;  ///< The first interval's threads are being started one by one.
  /// The kernel runs as loops over its threads between barriers (simt/detail/block_loop.hpp),
  /// a whole block in the call that starts its first thread; so a thread that makes no progress
  /// cannot have the threads after it run on alone.
  bool whole_blocks = false;
};

/// @brief How diagnostics name the running kernel: its registered name, or else the function
/// `site` is in.
std::string kernel_name(const UnitState& unit, const Site* site);

/// @brief How diagnostics name a byte of a block's shared memory: "'tile' + 12 bytes (static
/// shared memory, offset 140)".
std::string describe_shared(const UnitState& unit, bool dynamic, std::size_t offset);

}  // namespace simt::detail
