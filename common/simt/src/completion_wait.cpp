/// @file
/// @brief Completion waits, and the report of one that never ends.

#include <simt/detail/completion_wait.hpp>
#include <simt/detail/phase_barrier.hpp>
#include <simt/detail/pipeline.hpp>
#include <simt/detail/thread_context.hpp>
#include "describe.hpp"

#include <string>

namespace simt::detail {

std::coroutine_handle<> wait_until_above(std::coroutine_handle<> self, const std::uint64_t* counter,
                                         std::uint64_t above, const Site* site,
                                         CompletionWaitKind kind, const void* object) {
  current_thread.slot->thread = self;
  current_thread.block->scheduling.completion_waits.push_back(
      {thread_rank(), counter, above, site, kind, object});
  return next_thread();
}

std::string describe_wait_that_never_ends(const CompletionWait& wait) {
  const std::string kernel = "kernel '" + kernel_name(*current_thread.unit, wait.site) + "'";
  if (wait.kind == CompletionWaitKind::barrier_phase) {
    const auto& barrier = *static_cast<const CudaBarrierState*>(wait.object);
    return "cuda::barrier phase that never completes in " + kernel + " (phase " +
           std::to_string(wait.above) + " of the barrier initialised at " +
           where(barrier.init_place) + " has " + std::to_string(barrier.pending) + " of its " +
           std::to_string(barrier.expected) + " arrivals missing)";
  }
  const auto& pipe = *static_cast<const BlockPipelineState*>(wait.object);
  const bool commit = wait.kind == CompletionWaitKind::pipeline_commit;
  const std::uint64_t stage = commit ? wait.above : wait.above + pipe.stages;
  return "cuda::pipeline stage that never becomes " + std::string(commit ? "ready" : "free") +
         " in " + kernel + " (stage " + std::to_string(stage) + " of the pipeline made at " +
         where(pipe.made_at) + " waits for " +
         (commit ? "every one of its " + std::to_string(pipe.producers) +
                       (pipe.partitioned ? " producer" : "") + " threads to commit stage " +
                       std::to_string(stage)
                 : "every one of its " + std::to_string(pipe.consumers) +
                       (pipe.partitioned ? " consumer" : "") + " threads to release stage " +
                       std::to_string(wait.above)) +
         ")";
}

std::string advice_for_wait_that_never_ends(const CompletionWait& wait) {
  if (wait.kind == CompletionWaitKind::barrier_phase)
    return ". A phase completes when the barrier has received the count of arrivals init() gave "
           "it: every thread that count includes must arrive (bar.arrive(), "
           "bar.arrive_and_wait() or bar.arrive_and_drop()) before it waits elsewhere or exits; "
           "on the GPU this hangs.";
  return ". A block-scope pipeline's stage is ready when every thread of the group has called "
         "producer_commit() for it, and free again when every thread has called "
         "consumer_release(): every thread must run the same sequence of stages; on the GPU this "
         "hangs.";
}

}  // namespace simt::detail
