/// @file
/// @brief `cuda::barrier` and asynchronous copies on the emulator: arrivals counted per phase,
/// the phase's completion (its copies done, and for the race checks a new epoch: what threads
/// did before arriving is ordered before what waiting threads do after), and the diagnostics
/// of misuse.

#include <simt/detail/initialisation_check.hpp>
#include <simt/detail/phase_barrier.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/launch.hpp>
#include "describe.hpp"

#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>

namespace simt::detail {

namespace {

std::string thread_text() {
  return "thread " + std::to_string(thread_rank()) + " of block " +
         index_text(current_thread.block_idx);
}

[[noreturn]] void fail(const std::string& what, const std::source_location& place,
                       const std::string& details) {
  throw KernelError(what + " in kernel '" + kernel_name(*current_thread.unit, nullptr) + "' at " +
                    where(place) + ": " + details);
}

void check_initialised(const BarrierState& barrier, const std::source_location& place) {
  if (barrier.mark != BarrierState::initialised_mark)
    fail("cuda::barrier used before init()", place,
         thread_text() +
             " uses a barrier that init(&bar, count) has not initialised. One thread "
             "initialises it, then a __syncthreads() makes that visible to the others.");
}

// Completes the block's pending copies that `done` selects: they happen now, as late as the GPU
// may make them.
template <class Done>
void complete_copies(BlockState& block, Done done) {
  auto& copies = block.async_copies;
  for (const AsyncCopy& c : copies)
    if (done(c)) std::memcpy(c.dst, c.src, c.bytes);
  copies.erase(std::remove_if(copies.begin(), copies.end(), done), copies.end());
}

// The phase of `barrier` has received its last arrival: its copies complete, and it completes.
void complete_phase(BarrierState& barrier) {
  BlockState& block = *current_thread.block;
  UnitState& unit = *current_thread.unit;
  complete_copies(block, [&](const AsyncCopy& c) {
    return c.barrier == &barrier && c.barrier_phase == barrier.phase;
  });
  if (barrier.completion != nullptr) {
    // The completion function sees what every arrival wrote before it (a new epoch for the race
    // checks), on the thread that arrived last, and ends before any waiting thread goes on.
    if (unit.diagnostics) block.race.epoch = unit.next_epoch++;
    barrier.completion(barrier.completion_object);
  }
  ++barrier.phase;
  barrier.expected = barrier.next_expected;
  barrier.pending = barrier.expected;
  if (unit.diagnostics) block.race.epoch = unit.next_epoch++;
}

// Diagnostics: the running thread must not arrive twice in one phase of a barrier that expects
// at most one arrival per thread (the phase would complete before every thread it counts on has
// arrived).
void book_arrival(const BarrierState& barrier, const std::source_location& place) {
  BlockState& block = *current_thread.block;
  auto found = std::find_if(block.arrivals.begin(), block.arrivals.end(),
                            [&](const ArrivalBook& b) { return b.barrier == &barrier; });
  if (found == block.arrivals.end()) {
    block.arrivals.push_back(
        {&barrier, std::vector<std::uint64_t>(current_thread.unit->threads_per_block, 0)});
    found = block.arrivals.end() - 1;
  }
  std::uint64_t& last = found->last_phase_plus_one[thread_rank()];
  if (last == barrier.phase + 1)
    fail("more arrivals at a cuda::barrier than its phase expects", place,
         thread_text() + " arrives a second time in phase " + std::to_string(barrier.phase) +
             " of the barrier initialised at " + where(barrier.init_place) + " for " +
             std::to_string(barrier.expected) +
             " arrivals. A phase counts arrivals, not threads: with a second arrival it "
             "completes before every thread it waits for has arrived. Wait for the phase "
             "(bar.wait(token)) before arriving again.");
  last = barrier.phase + 1;
}

// Records a copy into shared memory until its completion; one that is not into shared memory
// happens at once (nothing can read its destination early through the checks). A group's copy
// is made by each of its threads with the same arguments: it is one copy.
void record_copy(const AsyncCopy& copy) {
  if (!current_thread.unit->arena.contains(copy.dst)) {
    std::memcpy(copy.dst, copy.src, copy.bytes);
    return;
  }
  auto& copies = current_thread.block->async_copies;
  const bool known = std::any_of(copies.begin(), copies.end(), [&](const AsyncCopy& c) {
    return c.dst == copy.dst && c.src == copy.src && c.bytes == copy.bytes &&
           c.barrier == copy.barrier && c.barrier_phase == copy.barrier_phase &&
           c.pipeline == copy.pipeline && c.pipeline_stage == copy.pipeline_stage &&
           c.group_copy == copy.group_copy;
  });
  if (known) return;
  copies.push_back(copy);
  // The copy's bytes are written from here on: reading them before it completes is reported by
  // the destination check, not as uninitialised.
  note_shared_written(copy.dst, copy.bytes);
}

}  // namespace

void initialise_barrier(BarrierState& barrier, std::ptrdiff_t expected,
                        const std::source_location& place, void (*completion)(void*),
                        void* completion_object) {
  if (expected < 1)
    fail("cuda::barrier initialised with an expected count of " + std::to_string(expected), place,
         thread_text() + " calls init(&bar, " + std::to_string(expected) +
             "); a phase needs at least one arrival");
  barrier = BarrierState{BarrierState::initialised_mark,
                         expected,
                         expected,
                         expected,
                         0,
                         place,
                         completion,
                         completion_object};
  for (ArrivalBook& book : current_thread.block->arrivals)
    if (book.barrier == &barrier)
      std::fill(book.last_phase_plus_one.begin(), book.last_phase_plus_one.end(), 0);
}

std::uint64_t arrive_at_barrier(BarrierState& barrier, std::ptrdiff_t count,
                                const std::source_location& place) {
  check_initialised(barrier, place);
  // A barrier that expects more arrivals than the block has threads needs some threads to
  // arrive more than once: only one that expects at most one per thread is checked.
  const UnitState& unit = *current_thread.unit;
  if (unit.diagnostics && static_cast<std::uint64_t>(barrier.expected) <= unit.threads_per_block)
    book_arrival(barrier, place);
  if (count < 1 || count > barrier.pending)
    fail("more arrivals at a cuda::barrier than its phase expects", place,
         thread_text() + " arrives " + std::to_string(count) + " times in phase " +
             std::to_string(barrier.phase) + " of the barrier initialised at " +
             where(barrier.init_place) + ", which waits for " + std::to_string(barrier.pending) +
             " more of its " + std::to_string(barrier.expected) + " arrivals");
  const std::uint64_t phase = barrier.phase;
  barrier.pending -= count;
  if (barrier.pending == 0) complete_phase(barrier);
  return phase;
}

void drop_from_barrier(BarrierState& barrier, const std::source_location& place) {
  check_initialised(barrier, place);
  --barrier.next_expected;
  arrive_at_barrier(barrier, 1, place);
}

void check_token(const BarrierState& barrier, std::uint64_t phase, const Site& site) {
  check_initialised(barrier, site.location);
  if (barrier.phase > phase + 1)
    fail("cuda::barrier waited on with a stale token", site.location,
         thread_text() + " waits at " + site.text + " with the token of phase " +
             std::to_string(phase) + " of the barrier initialised at " + where(barrier.init_place) +
             ", which has completed " + std::to_string(barrier.phase - phase) +
             " phases since. A token is for its own phase and, once that has completed, for the "
             "next one at most: the GPU's barrier keeps only the parity of its phase, so an "
             "older token waits for the wrong phase.");
}

std::coroutine_handle<> wait_until_above(std::coroutine_handle<> self, const std::uint64_t* counter,
                                         std::uint64_t above, const Site* site, PhaseWaitKind kind,
                                         const void* object) {
  current_thread.slot->thread = self;
  current_thread.block->scheduling.phase_waits.push_back(
      {thread_rank(), counter, above, site, kind, object});
  return next_thread();
}

std::string describe_wait_that_never_ends(const PhaseWait& wait) {
  const std::string kernel = "kernel '" + kernel_name(*current_thread.unit, wait.site) + "'";
  if (wait.kind == PhaseWaitKind::barrier_phase) {
    const auto& barrier = *static_cast<const BarrierState*>(wait.object);
    return "cuda::barrier phase that never completes in " + kernel + " (phase " +
           std::to_string(wait.above) + " of the barrier initialised at " +
           where(barrier.init_place) + " has " + std::to_string(barrier.pending) + " of its " +
           std::to_string(barrier.expected) + " arrivals missing)";
  }
  const auto& pipe = *static_cast<const BlockPipelineState*>(wait.object);
  const bool commit = wait.kind == PhaseWaitKind::pipeline_commit;
  const std::uint64_t stage = commit ? wait.above : wait.above + pipe.stages;
  return "cuda::pipeline stage that never becomes " + std::string(commit ? "ready" : "free") +
         " in " + kernel + " (stage " + std::to_string(stage) + " of the pipeline made at " +
         where(pipe.made_at) + " waits for " +
         (commit ? "every one of its " + std::to_string(pipe.threads) +
                       " threads to commit stage " + std::to_string(stage)
                 : "every one of its " + std::to_string(pipe.threads) +
                       " threads to release stage " + std::to_string(wait.above)) +
         ")";
}

std::string advice_for_wait_that_never_ends(const PhaseWait& wait) {
  if (wait.kind == PhaseWaitKind::barrier_phase)
    return ". A phase completes when the barrier has received the count of arrivals init() gave "
           "it: every thread that count includes must arrive (bar.arrive(), "
           "bar.arrive_and_wait() or bar.arrive_and_drop()) before it waits elsewhere or exits; "
           "on the GPU this hangs.";
  return ". A block-scope pipeline's stage is ready when every thread of the group has called "
         "producer_commit() for it, and free again when every thread has called "
         "consumer_release(): every thread must run the same sequence of stages; on the GPU this "
         "hangs.";
}

void copy_with_barrier(void* dst, const void* src, std::size_t bytes, BarrierState& barrier,
                       const std::source_location& place) {
  check_initialised(barrier, place);
  record_copy({.dst = dst,
               .src = src,
               .bytes = bytes,
               .place = place,
               .barrier = &barrier,
               .barrier_phase = barrier.phase});
}

void copy_for_block(void* dst, const void* src, std::size_t bytes,
                    const std::source_location& place) {
  BlockState& block = *current_thread.block;
  std::vector<std::uint64_t>& started = block.group_copies_started;
  if (started.empty()) started.assign(current_thread.unit->threads_per_block, 0);
  record_copy({.dst = dst,
               .src = src,
               .bytes = bytes,
               .place = place,
               .group_copy = started[thread_rank()]++});
}

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
    fail("cuda::pipeline consumer waits for a stage never committed", place,
         thread_text() + " calls consumer_wait() for stage " + std::to_string(pipe.waited) +
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
    fail("cuda::pipeline consumer waits for a stage never committed", site.location,
         thread_text() + " waits at " + site.text + " for stage " + std::to_string(pipe.tail) +
             " of the pipeline made at " + where(pipe.shared->made_at) +
             ", which it has not committed (it committed " + std::to_string(pipe.head) +
             " stages): producer_commit() must close a stage before a consumer waits for it");
}

void complete_group_copies(BlockState& block, std::uint64_t kept) {
  // Every thread has started the same copies; the last `kept` of them stay in flight.
  const std::vector<std::uint64_t>& started = block.group_copies_started;
  const std::uint64_t all = started.empty() ? 0 : *std::max_element(started.begin(), started.end());
  complete_copies(block, [&](const AsyncCopy& c) {
    return c.barrier == nullptr && c.pipeline == nullptr && c.group_copy + kept < all;
  });
}

void check_async_destination(const UnitState& unit, const BlockState& block, const void* address,
                             std::size_t bytes, bool store, const char* file, unsigned line) {
  const auto* begin = static_cast<const unsigned char*>(address);
  for (const AsyncCopy& c : block.async_copies) {
    const auto* dst = static_cast<const unsigned char*>(c.dst);
    if (begin + bytes <= dst || dst + c.bytes <= begin) continue;
    std::ostringstream message;
    message << "shared memory " << (store ? "written" : "read")
            << " before its asynchronous copy completed in kernel '" << kernel_name(unit, nullptr)
            << "' at " << place_of(file, line) << ": " << thread_text()
            << (store ? " writes" : " reads") << " bytes " << (begin - dst) << " to "
            << (begin - dst + static_cast<std::ptrdiff_t>(bytes))
            << " of the destination of the memcpy_async at " << where(c.place) << ", which ";
    if (c.pipeline != nullptr)
      message << "completes with stage " << c.pipeline_stage
              << " of its cuda::pipeline. Call consumer_wait() for that stage first.";
    else if (c.barrier != nullptr)
      message << "completes with phase " << c.barrier_phase
              << " of the cuda::barrier initialised at " << where(c.barrier->init_place)
              << ". Wait for that phase (bar.wait(token) or bar.arrive_and_wait()) first.";
    else
      message << "completes at cooperative_groups::wait(block), or at wait_prior<N>(block) once "
                 "N later copies have started (this is the block's copy "
              << c.group_copy << "). Call one of them first.";
    throw KernelError(message.str());
  }
}

}  // namespace simt::detail
