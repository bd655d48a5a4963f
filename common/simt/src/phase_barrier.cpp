/// @file
/// @brief `cuda::barrier` on the emulator: arrivals counted per phase, the phase's completion
/// (its copies done, and for the race checks a new epoch: what threads did before arriving is
/// ordered before what waiting threads do after), and the diagnostics of misuse.

#include <simt/detail/phase_barrier.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include "async_copy.hpp"
#include "describe.hpp"
#include "invariant.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace simt::detail {

namespace {

void check_initialised(const CudaBarrierState& barrier, const std::source_location& place) {
  if (barrier.mark != CudaBarrierState::initialised_mark)
    fail_in_kernel("cuda::barrier used before init()", place,
                   running_thread_text() +
                       " uses a barrier that init(&bar, count) has not initialised. One thread "
                       "initialises it, then a __syncthreads() makes that visible to the others.");
}

// The phase of `barrier` has received its last arrival: its copies complete, and it completes.
void complete_phase(CudaBarrierState& barrier) {
  BlockState& block = *current_thread.block;
  UnitState& unit = *current_thread.unit;
  complete_copies(block, [&](const AsyncCopy& c) {
    return c.cuda_barrier == &barrier && c.barrier_phase == barrier.phase;
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
void book_arrival(const CudaBarrierState& barrier, const std::source_location& place) {
  BlockState& block = *current_thread.block;
  auto found = std::find_if(block.arrivals.begin(), block.arrivals.end(),
                            [&](const ArrivalBook& b) { return b.cuda_barrier == &barrier; });
  if (found == block.arrivals.end()) {
    block.arrivals.push_back(
        {&barrier, std::vector<std::uint64_t>(current_thread.unit->threads_per_block, 0)});
    found = block.arrivals.end() - 1;
  }
  std::uint64_t& last = found->last_phase_plus_one[thread_rank()];
  if (last == barrier.phase + 1)
    fail_in_kernel("more arrivals at a cuda::barrier than its phase expects", place,
                   running_thread_text() + " arrives a second time in phase " +
                       std::to_string(barrier.phase) + " of the barrier initialised at " +
                       where(barrier.init_place) + " for " + std::to_string(barrier.expected) +
                       " arrivals. A phase counts arrivals, not threads: with a second arrival it "
                       "completes before every thread it waits for has arrived. Wait for the phase "
                       "(bar.wait(token)) before arriving again.");
  last = barrier.phase + 1;
}

}  // namespace

void initialise_barrier(CudaBarrierState& barrier, std::ptrdiff_t expected,
                        const std::source_location& place, void (*completion)(void*),
                        void* completion_object) {
  if (expected < 1)
    fail_in_kernel(
        "cuda::barrier initialised with an expected count of " + std::to_string(expected), place,
        running_thread_text() + " calls init(&bar, " + std::to_string(expected) +
            "); a phase needs at least one arrival");
  barrier = CudaBarrierState{CudaBarrierState::initialised_mark,
                             expected,
                             expected,
                             expected,
                             0,
                             place,
                             completion,
                             completion_object};
  for (ArrivalBook& book : current_thread.block->arrivals)
    if (book.cuda_barrier == &barrier)
      std::fill(book.last_phase_plus_one.begin(), book.last_phase_plus_one.end(), 0);
}

std::uint64_t arrive_at_barrier(CudaBarrierState& barrier, std::ptrdiff_t count,
                                const std::source_location& place) {
  check_initialised(barrier, place);
  // A barrier that expects more arrivals than the block has threads needs some threads to
  // arrive more than once: only one that expects at most one per thread is checked.
  const UnitState& unit = *current_thread.unit;
  if (unit.diagnostics && static_cast<std::uint64_t>(barrier.expected) <= unit.threads_per_block)
    book_arrival(barrier, place);
  if (count < 1 || count > barrier.pending)
    fail_in_kernel("more arrivals at a cuda::barrier than its phase expects", place,
                   running_thread_text() + " arrives " + std::to_string(count) +
                       " times in phase " + std::to_string(barrier.phase) +
                       " of the barrier initialised at " + where(barrier.init_place) +
                       ", which waits for " + std::to_string(barrier.pending) + " more of its " +
                       std::to_string(barrier.expected) + " arrivals");
  const std::uint64_t phase = barrier.phase;
  barrier.pending -= count;
  SIMT_INVARIANT(barrier.pending >= 0);  // the check above refuses more arrivals than pending
  if (barrier.pending == 0) complete_phase(barrier);
  return phase;
}

void drop_from_barrier(CudaBarrierState& barrier, const std::source_location& place) {
  check_initialised(barrier, place);
  --barrier.next_expected;
  arrive_at_barrier(barrier, 1, place);
}

void check_token(const CudaBarrierState& barrier, std::uint64_t phase, const Site& site) {
  check_initialised(barrier, site.location);
  if (barrier.phase > phase + 1)
    fail_in_kernel(
        "cuda::barrier waited on with a stale token", site.location,
        running_thread_text() + " waits at " + site.text + " with the token of phase " +
            std::to_string(phase) + " of the barrier initialised at " + where(barrier.init_place) +
            ", which has completed " + std::to_string(barrier.phase - phase) +
            " phases since. A token is for its own phase and, once that has completed, for the "
            "next one at most: the GPU's barrier keeps only the parity of its phase, so an "
            "older token waits for the wrong phase.");
}

void copy_with_barrier(void* dst, const void* src, std::size_t bytes, CudaBarrierState& barrier,
                       const std::source_location& place, bool by_group) {
  check_initialised(barrier, place);
  record_copy({.dst = dst,
               .src = src,
               .bytes = bytes,
               .place = place,
               .cuda_barrier = &barrier,
               .barrier_phase = barrier.phase},
              by_group);
}

}  // namespace simt::detail
