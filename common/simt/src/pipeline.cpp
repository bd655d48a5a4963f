/// @file
/// @brief `cuda::pipeline` on the emulator: stages committed, consumed and released, their
/// copies completed, and the diagnostics of misuse.

#include <simt/detail/pipeline.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/dim3.hpp>
#include "async_copy.hpp"
#include "describe.hpp"

#include <algorithm>
#include <string>

namespace simt::detail {

void copy_with_pipeline(void* dst, const void* src, std::size_t bytes, const void* pipeline,
                        std::uint64_t stage, const std::source_location& place) {
  record_copy({.dst = dst,
               .src = src,
               .bytes = bytes,
               .place = place,
               .pipeline = pipeline,
               .pipeline_stage = stage});
}

void complete_pipeline_stage(const void* pipeline, std::uint64_t stage) {
  complete_copies(*current_thread.block, [&](const AsyncCopy& c) {
    return c.pipeline == pipeline && c.pipeline_stage == stage;
  });
}

void consume_thread_stage(ThreadPipelineState& pipe, const std::source_location& place) {
  if (pipe.waited >= pipe.committed)
    fail_in_kernel(
        "cuda::pipeline consumer waits for a stage never committed", place,
        running_thread_text() + " calls consumer_wait() for stage " + std::to_string(pipe.waited) +
            " of its pipeline, which has committed " + std::to_string(pipe.committed) +
            " stages: producer_commit() must close a stage before a consumer waits for it (the "
            "GPU's wait covers committed stages only, so it does not wait for these copies)");
  complete_pipeline_stage(&pipe, pipe.waited);
  ++pipe.waited;
}

void consume_thread_stages_but(ThreadPipelineState& pipe, std::uint64_t n) {
  while (pipe.waited + n < pipe.committed) {
    complete_pipeline_stage(&pipe, pipe.waited);
    ++pipe.waited;
  }
}

void make_block_pipeline(BlockPipelineState& state, std::uint64_t* counts, std::uint64_t stages,
                         const std::source_location& place) {
  if (state.mark == BlockPipelineState::initialised_mark) return;  // another thread made it
  const std::uint64_t threads = Dim3(current_thread.block_dim).volume();
  state = BlockPipelineState{BlockPipelineState::initialised_mark, stages, threads, 0, 0, place};
  std::fill(counts, counts + 2 * stages, 0);
}

namespace {

// Counts one thread's commit or release of `stage` in `counts` and moves `fully` on over the
// stages every thread has now done.
void count_stage(const BlockPipelineState& state, std::uint64_t* counts, std::uint64_t& fully,
                 std::uint64_t stage) {
  ++counts[stage % state.stages];
  while (counts[fully % state.stages] == state.threads) {
    counts[fully % state.stages] = 0;
    ++fully;
    UnitState& unit = *current_thread.unit;
    if (unit.diagnostics) current_thread.block->race.epoch = unit.next_epoch++;
  }
}

}  // namespace

void commit_block_stage(BlockPipelineThread& pipe) {
  count_stage(*pipe.shared, pipe.counts, pipe.shared->fully_committed, pipe.head);
  ++pipe.head;
}

void release_block_stage(BlockPipelineThread& pipe) {
  count_stage(*pipe.shared, pipe.counts + pipe.shared->stages, pipe.shared->fully_released,
              pipe.tail);
  ++pipe.tail;
}

void check_block_consumer(const BlockPipelineThread& pipe, const Site& site) {
  if (pipe.tail >= pipe.head)
    fail_in_kernel(
        "cuda::pipeline consumer waits for a stage never committed", site.location,
        running_thread_text() + " waits at " + site.text + " for stage " +
            std::to_string(pipe.tail) + " of the pipeline made at " + where(pipe.shared->made_at) +
            ", which it has not committed (it committed " + std::to_string(pipe.head) +
            " stages): producer_commit() must close a stage before a consumer waits for it");
}

}  // namespace simt::detail
