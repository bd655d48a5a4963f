#pragma once
/// @file
/// @brief `cuda::barrier` on the emulator: a count of arrivals per phase, kept in the barrier
/// object itself (in the block's shared memory, as on the GPU), and waits that suspend the
/// thread until the phase of its token has completed. Asynchronous copies bound to a barrier
/// complete with the phase they were started in. Internal.

#include <simt/detail/barriers.hpp>
#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <source_location>
#include <string>

namespace simt::detail {

/// @ingroup simt
/// @brief What a `cuda::barrier` holds. Trivial, so that a `__shared__` barrier is just bytes
/// of the block's shared memory until `init()` writes them.
struct BarrierState {
  static constexpr std::uint64_t initialised_mark = 0x62617272696572ull;  ///< "barrier"
  std::uint64_t mark;     ///< initialised_mark once init() ran (shared memory starts poisoned).
  std::int64_t expected;  ///< Arrivals that complete a phase.
  std::int64_t pending;   ///< Arrivals the current phase still waits for.
  std::int64_t next_expected;       ///< expected for the next phase (arrive_and_drop lowers it).
  std::uint64_t phase;              ///< Phases completed so far.
  std::source_location init_place;  ///< Where init() was called, for diagnostics.
  /// Runs the barrier's completion function on `completion_object` (null: it has none).
  void (*completion)(void*);
  void* completion_object;
};

/// @brief `init(&bar, expected)`, or `init(&bar, expected, completion)` when `completion` is
/// not null: each phase runs `completion(completion_object)` before it completes.
void initialise_barrier(BarrierState& barrier, std::ptrdiff_t expected,
                        const std::source_location& place, void (*completion)(void*) = nullptr,
                        void* completion_object = nullptr);
/// @brief Counts `count` arrivals of the running thread at `barrier` (completing the phase when
/// they are the last) and returns the phase they belong to, which the token carries.
std::uint64_t arrive_at_barrier(BarrierState& barrier, std::ptrdiff_t count,
                                const std::source_location& place);
/// @brief `arrive_and_drop()`: one arrival, and one fewer expected from the next phase on.
void drop_from_barrier(BarrierState& barrier, const std::source_location& place);
/// @brief Checks a wait for `phase`: a token more than one phase old is a bug.
void check_token(const BarrierState& barrier, std::uint64_t phase, const Site& site);
/// @brief Suspends the running thread until `*counter > above`; returns the next thread to run.
std::coroutine_handle<> wait_until_above(std::coroutine_handle<> self, const std::uint64_t* counter,
                                         std::uint64_t above, const Site* site, PhaseWaitKind kind,
                                         const void* object);

/// @brief What `bar.wait(token)` and `bar.arrive_and_wait()` await: ready at once when the
/// phase has already completed, otherwise a suspension until it does.
template <class Where>
struct PhaseWaitAt {
  const BarrierState* barrier;
  std::uint64_t phase;
  bool await_ready() const noexcept { return barrier->phase > phase; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const {
    return wait_until_above(self, &barrier->phase, phase, &site_at<Where>,
                            PhaseWaitKind::barrier_phase, barrier);
  }
  void await_resume() const noexcept {}
};

/// @brief The report of a wait that can never end (a deadlock): what it waits for.
std::string describe_wait_that_never_ends(const PhaseWait& wait);
/// @brief What the guide requires, for that report's end.
std::string advice_for_wait_that_never_ends(const PhaseWait& wait);

/// @brief `cuda::memcpy_async(dst, src, bytes, bar)`: a copy into shared memory that completes
/// with the current phase of `barrier` (diagnostics report reads of `dst` before that).
void copy_with_barrier(void* dst, const void* src, std::size_t bytes, BarrierState& barrier,
                       const std::source_location& place);

/// @brief A thread-scope `cuda::pipeline`: stages (sets of copies) this thread committed and
/// waited for (releasing a stage of one thread frees nothing another thread waits for).
struct ThreadPipelineState {
  std::uint64_t committed = 0;
  std::uint64_t waited = 0;
};

/// @brief A block-scope pipeline's shared state (`cuda::pipeline_shared_state` holds it with
/// its per-stage counts: commits, then releases, `stages` of each). Trivial, in the block's
/// shared memory.
struct BlockPipelineState {
  static constexpr std::uint64_t initialised_mark = 0x706970656c696e65ull;  ///< "pipeline"
  std::uint64_t mark;
  std::uint64_t stages;           ///< How many stages may be in flight.
  std::uint64_t threads;          ///< Threads of the group: producers and consumers.
  std::uint64_t fully_committed;  ///< Stages every thread has committed, in order.
  std::uint64_t fully_released;   ///< Stages every thread has released, in order.
  std::source_location made_at;   ///< The make_pipeline call.
};

/// @brief One thread's view of a block-scope pipeline: its next stage to fill and to consume.
struct BlockPipelineThread {
  BlockPipelineState* shared = nullptr;
  std::uint64_t* counts = nullptr;  ///< The shared per-stage counts.
  std::uint64_t head = 0;           ///< Stages this thread has committed.
  std::uint64_t tail = 0;           ///< Stages this thread has released.
};

/// @brief A copy into the current stage of a thread-scope pipeline (`stage` = its index).
void copy_with_pipeline(void* dst, const void* src, std::size_t bytes, const void* pipeline,
                        std::uint64_t stage, const std::source_location& place);
/// @brief Completes the copies of stage `stage` of `pipeline`.
void complete_pipeline_stage(const void* pipeline, std::uint64_t stage);
/// @brief `consumer_wait()` of a thread-scope pipeline: its oldest committed stage completes.
void consume_thread_stage(ThreadPipelineState& pipe, const std::source_location& place);
/// @brief `pipeline_consumer_wait_prior<N>()`: every committed stage but the last `n` completes.
void consume_thread_stages_but(ThreadPipelineState& pipe, std::uint64_t n);
/// @brief `make_pipeline(group, &state)`: initialises the shared state and its `2 * stages`
/// counts (its first caller).
void make_block_pipeline(BlockPipelineState& state, std::uint64_t* counts, std::uint64_t stages,
                         const std::source_location& place);
/// @brief `producer_commit()` of a block-scope pipeline.
void commit_block_stage(BlockPipelineThread& pipe);
/// @brief `consumer_release()` of a block-scope pipeline.
void release_block_stage(BlockPipelineThread& pipe);
/// @brief Checks `consumer_wait()` of a block-scope pipeline: the thread must have committed
/// the stage it waits for.
void check_block_consumer(const BlockPipelineThread& pipe, const Site& site);

/// @brief What a block-scope `producer_acquire()` awaits: a free stage.
template <class Where>
struct StageFreeAt {
  BlockPipelineThread* pipe;
  bool await_ready() const noexcept {
    return pipe->head < pipe->shared->fully_released + pipe->shared->stages;
  }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const {
    return wait_until_above(self, &pipe->shared->fully_released, pipe->head - pipe->shared->stages,
                            &site_at<Where>, PhaseWaitKind::pipeline_release, pipe->shared);
  }
  void await_resume() const noexcept {}
};

/// @brief What a block-scope `consumer_wait()` awaits: every thread's commit of the stage; then
/// the stage's copies complete.
template <class Where>
struct StageCommittedAt {
  BlockPipelineThread* pipe;
  bool await_ready() const noexcept { return pipe->shared->fully_committed > pipe->tail; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const {
    return wait_until_above(self, &pipe->shared->fully_committed, pipe->tail, &site_at<Where>,
                            PhaseWaitKind::pipeline_commit, pipe->shared);
  }
  void await_resume() const { complete_pipeline_stage(pipe->shared, pipe->tail); }
};

/// @brief An awaiter that is ready at once (a thread-scope pipeline never waits for others).
struct Ready {
  bool await_ready() const noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) const noexcept {}
  void await_resume() const noexcept {}
};
/// @brief `cooperative_groups::memcpy_async(block, dst, src, bytes)`, called by every thread
/// of the block with the same arguments: one copy, which completes at `cg::wait(block)` (or at
/// a `cg::wait_prior<N>(block)` once N later copies have started).
void copy_for_block(void* dst, const void* src, std::size_t bytes,
                    const std::source_location& place);

/// @brief Completes the block's cooperative-groups copies but the last `kept` it started (at
/// the release of a `cg::wait` or `cg::wait_prior<kept>`).
void complete_group_copies(BlockState& block, std::uint64_t kept);
/// @brief Diagnostics: reports an access to the destination of a copy not completed yet.
void check_async_destination(const UnitState& unit, const BlockState& block, const void* address,
                             std::size_t bytes, bool store, const char* file, unsigned line);

/// @brief What `cg::wait(block)` and `cg::wait_prior<N>(block)` await: a block barrier, at
/// whose release the block's cooperative-groups copies complete, but the last `kept`.
template <class Where>
struct GroupCopyWaitAt {
  std::uint64_t kept = 0;
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const {
    current_thread.slot->thread = self;
    BlockScheduling& block = current_thread.block->scheduling;
    block.completes_group_copies = true;
    block.group_copies_kept = kept;
    if (&site_at<Where> != block.barrier) [[unlikely]]
      arrive_at_new_site(block, &site_at<Where>, BarrierKind::block);
    return next_thread();
  }
  void await_resume() const noexcept {}
};

}  // namespace simt::detail
