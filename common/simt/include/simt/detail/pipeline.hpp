#pragma once
/// @file
/// @brief `cuda::pipeline` on the emulator: a thread-scope pipeline counts the stages (sets of
/// copies) one thread committed and waited for; a block-scope pipeline counts, in its shared
/// state, its producers' commits and its consumers' releases of each stage, and a thread waits
/// until a stage is committed by every producer (to consume it) or released by every consumer
/// (to fill it again). In a unified pipeline every thread is both; a partitioned one has
/// `producer_count` producers, or the threads that said `pipeline_role::producer`. A stage's
/// copies complete when a consumer waits for it. Internal.

#include <simt/detail/completion_wait.hpp>
#include <simt/detail/copy_bytes.hpp>
#include <simt/detail/site.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <source_location>

namespace simt::detail {

/// @ingroup simt
/// @brief A thread-scope `cuda::pipeline`: stages (sets of copies) this thread committed and
/// waited for (releasing a stage of one thread frees nothing another thread waits for). Trivial,
/// so that a kernel run as block loops keeps it in a thread's zeroed record: zero is its start
/// (`cuda::make_pipeline()` value-initialises it).
struct ThreadPipelineState {
  std::uint64_t committed;
  std::uint64_t waited;
};

/// @brief A block-scope pipeline's shared state (`cuda::pipeline_shared_state` holds it with
/// its per-stage counts: commits, then releases, `stages` of each). Trivial, in the block's
/// shared memory.
struct BlockPipelineState {
  static constexpr std::uint64_t initialised_mark = 0x706970656c696e65ull;  ///< "pipeline"
  std::uint64_t mark;
  std::uint64_t stages;           ///< How many stages may be in flight.
  std::uint64_t producers;        ///< Threads whose commits complete a stage...
  std::uint64_t consumers;        ///< ... and whose releases free it.
  bool partitioned;               ///< Producers and consumers are different threads.
  std::uint64_t fully_committed;  ///< Stages every thread has committed, in order.
  std::uint64_t fully_released;   ///< Stages every thread has released, in order.
  /// Stages whose copies have completed, at the first consumer's wait for each: the block's
  /// other consumers of a stage do not look through every pending copy again.
  std::uint64_t copies_completed;
  std::source_location made_at;  ///< The make_pipeline call.
  /// The block's barrier interval (BlockState::interval) in which its threads called
  /// make_pipeline: the calls of one pipeline share one interval (make_pipeline ends with a block
  /// barrier), so a call in a later one makes a new pipeline on this state, its stages counted
  /// from 0 again.
  std::uint32_t made_in_interval;
};

/// @brief A thread's part in a block-scope pipeline.
enum class PipelineRole : std::uint8_t {
  both,      ///< A unified pipeline, or a partitioned one made with a producer count.
  producer,  ///< Said `pipeline_role::producer`.
  consumer,  ///< Said `pipeline_role::consumer`.
};

/// @brief One thread's view of a block-scope pipeline: its next stage to fill and to consume.
struct BlockPipelineThread {
  BlockPipelineState* shared = nullptr;
  std::uint64_t* counts = nullptr;  ///< The shared per-stage counts.
  std::uint64_t head = 0;           ///< Stages this thread has committed.
  std::uint64_t tail = 0;           ///< Stages this thread has released.
  PipelineRole role = PipelineRole::both;
};

/// @brief A copy into stage `stage` of a block-scope pipeline's shared state `pipeline`
/// (`by_group`: one copy that each thread of a group makes).
void copy_with_pipeline(void* dst, const void* src, std::size_t bytes, const void* pipeline,
                        std::uint64_t stage, const std::source_location& place, bool by_group);
/// @brief A copy into the current stage of the running thread's thread-scope pipeline `pipe`.
void copy_with_thread_pipeline(void* dst, const void* src, std::size_t bytes,
                               const ThreadPipelineState& pipe, const std::source_location& place);
/// @brief Completes the copies of stage `stage` of `pipeline` (once: at its first consumer's wait).
void complete_pipeline_stage(BlockPipelineState& pipeline, std::uint64_t stage);
/// @brief `consumer_wait()` of a thread-scope pipeline: its oldest committed stage completes.
void consume_thread_stage(ThreadPipelineState& pipe, const std::source_location& place);
/// @brief `pipeline_consumer_wait_prior<N>()`: every committed stage but the last `n` completes.
void consume_thread_stages_but(ThreadPipelineState& pipe, std::uint64_t n);

/// @brief `memcpy_async` into the current stage of the running thread's thread-scope pipeline
/// `pipe`. With the diagnostics off the copy happens as it is made: the GPU may make a copy at
/// any time between the call and the wait for its stage, and only the check of an early read
/// needs it made as late as that. (Kept until their waits, globalToShmemAsyncCopy's copies took
/// 45% of its time: a wait's first read of each, made long before, missed the caches.) It
/// happens here, where the compiler sees its size: a call per copy and its record took 10% of
/// its time after that.
[[gnu::always_inline]] inline void copy_into_thread_stage(void* dst, const void* src,
                                                          std::size_t bytes,
                                                          const ThreadPipelineState& pipe,
                                                          const std::source_location& place) {
  if (!current_thread.unit->diagnostics) [[likely]] {
    copy_bytes(dst, src, bytes);
    return;
  }
  copy_with_thread_pipeline(dst, src, bytes, pipe, place);
}

/// @brief `consumer_wait()` of a thread-scope pipeline. Where no thread of the block has a copy
/// pending (every copy happened as it was made) and the stage was committed, only the count
/// moves; the call for it, which saves registers for its report, took 20% of
/// globalToShmemAsyncCopy's time.
[[gnu::always_inline]] inline void wait_thread_stage(ThreadPipelineState& pipe,
                                                     const std::source_location& place) {
  if (pipe.waited < pipe.committed && current_thread.block->thread_copies_pending == 0) [[likely]] {
    ++pipe.waited;
    return;
  }
  consume_thread_stage(pipe, place);
}

/// @brief `make_pipeline(group, &state)`: initialises the shared state and its `2 * stages`
/// counts (its first caller).
void make_block_pipeline(BlockPipelineState& state, std::uint64_t* counts, std::uint64_t stages,
                         const std::source_location& place);
/// @brief `make_pipeline(group, &state, producer_count)`: a partitioned pipeline whose stages
/// `producer_count` threads commit and the rest of the block release.
void make_partitioned_pipeline(BlockPipelineState& state, std::uint64_t* counts,
                               std::uint64_t stages, std::uint64_t producer_count,
                               const std::source_location& place);
/// @brief `make_pipeline(group, &state, role)`: a partitioned pipeline; counts the calling
/// thread among the producers or the consumers (every thread calls it before the block barrier
/// that ends make_pipeline).
void make_pipeline_with_role(BlockPipelineState& state, std::uint64_t* counts, std::uint64_t stages,
                             PipelineRole role, const std::source_location& place);
/// @brief `producer_commit()` of a block-scope pipeline.
void commit_block_stage(BlockPipelineThread& pipe, const std::source_location& place);
/// @brief `consumer_release()` of a block-scope pipeline.
void release_block_stage(BlockPipelineThread& pipe, const std::source_location& place);
/// @brief Checks that the thread's role allows `call` (`producer_acquire()`, ...): a thread
/// that said `pipeline_role::consumer` does not produce, one that said producer does not
/// consume.
void check_pipeline_role(const BlockPipelineThread& pipe, bool producing, const char* call,
                         const std::source_location& place);
/// @brief Checks `consumer_wait()` of a block-scope pipeline: the thread's role allows it, and in
/// a unified pipeline the thread must have committed the stage it waits for.
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
                            &site_at<Where>, CompletionWaitKind::pipeline_release, pipe->shared);
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
                            CompletionWaitKind::pipeline_commit, pipe->shared);
  }
  void await_resume() const { complete_pipeline_stage(*pipe->shared, pipe->tail); }
};

/// @brief An awaiter that is ready at once (a thread-scope pipeline never waits for others).
struct Ready {
  bool await_ready() const noexcept { return true; }
  void await_suspend(std::coroutine_handle<>) const noexcept {}
  void await_resume() const noexcept {}
};

}  // namespace simt::detail
