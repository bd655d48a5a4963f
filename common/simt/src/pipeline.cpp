/// @file
/// @brief `cuda::pipeline` on the emulator: stages committed, consumed and released, their
/// copies completed, and the diagnostics of misuse.

#include <simt/detail/pipeline.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/dim3.hpp>
#include "async_copy.hpp"
#include "describe.hpp"
#include "waiting_threads.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace simt::detail {

void copy_with_pipeline(void* dst, const void* src, std::size_t bytes, const void* pipeline,
                        std::uint64_t stage, const std::source_location& place, bool by_group) {
  record_copy({.dst = dst,
               .src = src,
               .bytes = bytes,
               .place = place,
               .pipeline = pipeline,
               .pipeline_stage = stage},
              by_group);
}

void copy_with_thread_pipeline(void* dst, const void* src, std::size_t bytes,
                               const ThreadPipelineState& pipe, const std::source_location& place) {
  record_thread_copy({.dst = dst,
                      .src = src,
                      .pipeline = &pipe,
                      .stage = pipe.committed,
                      .place = place,
                      .bytes = static_cast<std::uint32_t>(bytes)});
}

void complete_pipeline_stage(BlockPipelineState& pipeline, std::uint64_t stage) {
  // The first consumer to wait for a stage completes its copies: every producer has committed
  // it, so no copy joins it later. A consumer waits for the stages in order, so once stage s is
  // complete, so is every stage before it.
  if (stage < pipeline.copies_completed) return;
  pipeline.copies_completed = stage + 1;
  complete_copies(*current_thread.block, [&](const AsyncCopy& c) {
    return c.pipeline == &pipeline && c.pipeline_stage == stage;
  });
}

namespace {

// Completes the stages of the running thread's thread-scope pipeline `pipe` up to, not
// including, `end`, in one pass over the thread's copies: a wait for all stages but N
// (pipeline_consumer_wait_prior<N>) completes them together, not one pass per stage. The stages
// before pipe.waited are complete already.
void complete_thread_stages(const ThreadPipelineState& pipe, std::uint64_t end) {
  BlockState& block = *current_thread.block;
  if (block.thread_copies_pending == 0) return;
  ThreadCopies& mine = block.thread_copies[thread_rank()];
  std::vector<ThreadCopy>& list = mine.list;
  const auto done = [&](const ThreadCopy& c) { return c.pipeline == &pipe && c.stage < end; };
  // The first still pending, while they complete now (see ThreadCopies).
  std::size_t i = mine.first;
  for (; i < list.size() && done(list[i]); ++i) copy_bytes(list[i].dst, list[i].src, list[i].bytes);
  std::size_t completed = i - mine.first;
  mine.first = i;
  // A later copy of this pipeline completes now too only behind another pipeline's (this
  // pipeline's stages after the first one kept come later still): then the general pass.
  if (i < list.size() && list[i].pipeline != &pipe) completed += complete_copies(list, done, i);
  if (mine.first == list.size()) {
    list.clear();
    mine.first = 0;
  } else if (mine.first >= 64 && 2 * mine.first >= list.size()) {
    list.erase(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(mine.first));
    mine.first = 0;
  }
  block.thread_copies_pending -= completed;
}

}  // namespace

void consume_thread_stage(ThreadPipelineState& pipe, const std::source_location& place) {
  if (pipe.waited >= pipe.committed)
    fail_in_kernel(
        "cuda::pipeline consumer waits for a stage never committed", place,
        running_thread_text() + " calls consumer_wait() for stage " + std::to_string(pipe.waited) +
            " of its pipeline, which has committed " + std::to_string(pipe.committed) +
            " stages: producer_commit() must close a stage before a consumer waits for it (the "
            "GPU's wait covers committed stages only, so it does not wait for these copies)");
  complete_thread_stages(pipe, pipe.waited + 1);
  ++pipe.waited;
}

void consume_thread_stages_but(ThreadPipelineState& pipe, std::uint64_t n) {
  if (pipe.waited + n >= pipe.committed) return;
  complete_thread_stages(pipe, pipe.committed - n);
  pipe.waited = pipe.committed - n;
}

namespace {

// A pipeline made again on `state` (at `place`) while threads still wait for the last one's
// stages: their waits, on barriers the GPU initialises again, would never end.
void check_not_in_use(const BlockPipelineState& state, const std::source_location& place) {
  const BlockState& block = *current_thread.block;
  std::vector<char> not_waiting_here(current_thread.unit->threads_per_block, 1);
  bool any = false;
  for (const CompletionWait& w : block.scheduling.completion_waits) {
    if (w.object != &state) continue;
    not_waiting_here[w.rank] = 0;
    any = true;
  }
  if (!any) return;
  fail_in_kernel(
      "cuda::pipeline made again while in use", place,
      running_thread_text() + " makes a pipeline on the shared state of the pipeline made at " +
          where(state.made_at) + " while " +
          describe_waiting_threads(block, current_thread.unit->threads_per_block,
                                   not_waiting_here) +
          " for its stages. The GPU's make_pipeline initialises the state's barriers again, so "
          "those waits would never end: make the pipeline again only once every thread is done "
          "with the last one (a __syncthreads() between them)");
}

// The first caller of make_pipeline initialises the shared state (the others find it made).
void initialise(BlockPipelineState& state, std::uint64_t* counts, std::uint64_t stages,
                std::uint64_t producers, std::uint64_t consumers, bool partitioned,
                const std::source_location& place) {
  BlockState& block = *current_thread.block;
  // Another thread of the same make_pipeline made it already.
  if (state.mark == BlockPipelineState::initialised_mark &&
      state.made_in_interval == block.interval)
    return;
  // The first, or a new pipeline on this state once every thread is past the last one (the GPU
  // asks as much: its make_pipeline initialises the stages' barriers again), its stages numbered
  // from 0 again.
  if (state.mark == BlockPipelineState::initialised_mark) check_not_in_use(state, place);
  state = BlockPipelineState{.mark = BlockPipelineState::initialised_mark,
                             .stages = stages,
                             .producers = producers,
                             .consumers = consumers,
                             .partitioned = partitioned,
                             .fully_committed = 0,
                             .fully_released = 0,
                             .copies_completed = 0,
                             .made_at = place,
                             .made_in_interval = block.interval};
  std::fill(counts, counts + 2 * stages, 0);
}

std::uint64_t block_threads() { return Dim3(current_thread.block_dim).volume(); }

const char* role_name(PipelineRole role) {
  return role == PipelineRole::producer ? "pipeline_role::producer" : "pipeline_role::consumer";
}

}  // namespace

void make_block_pipeline(BlockPipelineState& state, std::uint64_t* counts, std::uint64_t stages,
                         const std::source_location& place) {
  initialise(state, counts, stages, block_threads(), block_threads(), false, place);
}

void make_partitioned_pipeline(BlockPipelineState& state, std::uint64_t* counts,
                               std::uint64_t stages, std::uint64_t producer_count,
                               const std::source_location& place) {
  const std::uint64_t threads = block_threads();
  if (producer_count > threads)
    fail_in_kernel("cuda::make_pipeline with more producers than threads", place,
                   running_thread_text() + " makes a pipeline with " +
                       std::to_string(producer_count) + " producers for a group of " +
                       std::to_string(threads) +
                       " threads: the rest of the group are its consumers, so there can be at "
                       "most as many producers as threads");
  initialise(state, counts, stages, producer_count, threads - producer_count, true, place);
}

void make_pipeline_with_role(BlockPipelineState& state, std::uint64_t* counts, std::uint64_t stages,
                             PipelineRole role, const std::source_location& place) {
  initialise(state, counts, stages, 0, 0, true, place);
  ++(role == PipelineRole::producer ? state.producers : state.consumers);
}

void check_pipeline_role(const BlockPipelineThread& pipe, bool producing, const char* call,
                         const std::source_location& place) {
  if (pipe.role == PipelineRole::both || (pipe.role == PipelineRole::producer) == producing) return;
  fail_in_kernel(std::string("cuda::pipeline ") +
                     (producing ? "consumer thread produces" : "producer thread consumes"),
                 place,
                 running_thread_text() + " calls " + call + " on the pipeline made at " +
                     where(pipe.shared->made_at) + ", which it joined as " + role_name(pipe.role) +
                     ": in a partitioned pipeline a thread only " +
                     (pipe.role == PipelineRole::producer
                          ? "produces (producer_acquire, memcpy_async, producer_commit)"
                          : "consumes (consumer_wait, consumer_release)") +
                     "; its role cannot change while the pipeline lives");
}

namespace {

// Counts one thread's commit or release of `stage` in `counts` and moves `fully` on over the
// stages all `threads` (the producers, or the consumers) have now done.
void count_stage(const BlockPipelineState& state, std::uint64_t* counts, std::uint64_t& fully,
                 std::uint64_t stage, std::uint64_t threads) {
  ++counts[stage % state.stages];
  while (counts[fully % state.stages] == threads) {
    counts[fully % state.stages] = 0;
    ++fully;
    UnitState& unit = *current_thread.unit;
    if (unit.diagnostics) current_thread.block->race.epoch = unit.next_epoch++;
  }
}

}  // namespace

void commit_block_stage(BlockPipelineThread& pipe, const std::source_location& place) {
  check_pipeline_role(pipe, true, "producer_commit()", place);
  count_stage(*pipe.shared, pipe.counts, pipe.shared->fully_committed, pipe.head,
              pipe.shared->producers);
  ++pipe.head;
}

void release_block_stage(BlockPipelineThread& pipe, const std::source_location& place) {
  check_pipeline_role(pipe, false, "consumer_release()", place);
  count_stage(*pipe.shared, pipe.counts + pipe.shared->stages, pipe.shared->fully_released,
              pipe.tail, pipe.shared->consumers);
  ++pipe.tail;
}

void check_block_consumer(const BlockPipelineThread& pipe, const Site& site) {
  check_pipeline_role(pipe, false, site.text, site.location);
  if (!pipe.shared->partitioned && pipe.tail >= pipe.head)
    fail_in_kernel(
        "cuda::pipeline consumer waits for a stage never committed", site.location,
        running_thread_text() + " waits at " + site.text + " for stage " +
            std::to_string(pipe.tail) + " of the pipeline made at " + where(pipe.shared->made_at) +
            ", which it has not committed (it committed " + std::to_string(pipe.head) +
            " stages): producer_commit() must close a stage before a consumer waits for it");
}

}  // namespace simt::detail
