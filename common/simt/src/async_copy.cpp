/// @file
/// @brief Asynchronous copies in flight: recorded, and the destination check.

#include "async_copy.hpp"
#include <simt/detail/initialisation_check.hpp>
#include <simt/detail/phase_barrier.hpp>
#include <simt/detail/thread_context.hpp>
#include "describe.hpp"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace simt::detail {

namespace {

// Keeps `copy` in `pending` until its completion. A group's copy is made by each of its threads
// with the same arguments (`made_by_group`): it is kept once.
void keep_until_completed(std::vector<AsyncCopy>& pending, const AsyncCopy& copy,
                          bool made_by_group) {
  if (made_by_group && std::any_of(pending.begin(), pending.end(), [&](const AsyncCopy& c) {
        return c.dst == copy.dst && c.src == copy.src && c.bytes == copy.bytes &&
               c.cuda_barrier == copy.cuda_barrier && c.barrier_phase == copy.barrier_phase &&
               c.pipeline == copy.pipeline && c.pipeline_stage == copy.pipeline_stage &&
               c.group_copy == copy.group_copy && c.group_first == copy.group_first;
      }))
    return;
  pending.push_back(copy);
  // The copy's bytes are written from here on: reading them before it completes is reported by
  // the destination check, not as uninitialised.
  note_shared_written(copy.dst, copy.bytes);
}

// Makes a copy that is not into shared memory at once (nothing can read its destination early
// through the checks), and says so.
bool lands_now(const AsyncCopy& copy) {
  if (current_thread.unit->arena.contains(copy.dst)) return false;
  std::memcpy(copy.dst, copy.src, copy.bytes);
  return true;
}

}  // namespace

void record_copy(const AsyncCopy& copy, bool made_by_group) {
  // Only a group's copy is looked for among those pending (each of its threads makes it): a
  // thread's own copy is new, and looking would make a block's copies cost the square of their
  // count.
  if (!lands_now(copy))
    keep_until_completed(current_thread.block->async_copies, copy, made_by_group);
}

void record_thread_copy(const AsyncCopy& copy) {
  if (lands_now(copy)) return;
  // One thread's copies: none is another thread's part of a group copy, so none is a repeat.
  BlockState& block = *current_thread.block;
  keep_until_completed(block.thread_copies[thread_rank()], copy, false);
  ++block.thread_copies_pending;
}

namespace {

// The copy `c` whose destination the running thread touches before it completed.
[[noreturn]] void report_early_access(const UnitState& unit, const AsyncCopy& c,
                                      const unsigned char* begin, std::size_t bytes, bool store,
                                      const char* file, unsigned line) {
  const auto* dst = static_cast<const unsigned char*>(c.dst);
  std::ostringstream message;
  message << "shared memory " << (store ? "written" : "read")
          << " before its asynchronous copy completed in kernel '" << kernel_name(unit, nullptr)
          << "' at " << where(file, line) << ": " << running_thread_text()
          << (store ? " writes" : " reads") << " bytes " << (begin - dst) << " to "
          << (begin - dst + static_cast<std::ptrdiff_t>(bytes))
          << " of the destination of the memcpy_async at " << where(c.place) << ", which ";
  if (c.pipeline != nullptr)
    message << "completes with stage " << c.pipeline_stage
            << " of its cuda::pipeline. Call consumer_wait() for that stage first; or, if these "
               "bytes still hold an earlier stage's data, start this copy only once they have "
               "been read (until its stage completes, the copy may land at any moment).";
  else if (c.cuda_barrier != nullptr)
    message << "completes with phase " << c.barrier_phase << " of the cuda::barrier initialised at "
            << where(c.cuda_barrier->init_place)
            << ". Wait for that phase (bar.wait(token) or bar.arrive_and_wait()) first.";
  else if (c.group_threads < unit.threads_per_block)
    message << "completes at cooperative_groups::wait on its tile (threads " << c.group_first
            << " to " << c.group_first + c.group_threads - 1
            << " of the block) or on the block, or at wait_prior<N> on either once N later "
               "copies have started (this is the tile's copy "
            << c.group_copy << "). Call one of them first.";
  else
    message << "completes at cooperative_groups::wait(block), or at wait_prior<N>(block) once "
               "N later copies have started (this is the block's copy "
            << c.group_copy << "). Call one of them first.";
  throw KernelError(message.str());
}

}  // namespace

void check_async_destination(const UnitState& unit, const BlockState& block, const void* address,
                             std::size_t bytes, bool store, const char* file, unsigned line) {
  const auto* begin = static_cast<const unsigned char*>(address);
  const auto overlaps = [&](const AsyncCopy& c) {
    const auto* dst = static_cast<const unsigned char*>(c.dst);
    return begin + bytes > dst && dst + c.bytes > begin;
  };
  for (const AsyncCopy& c : block.async_copies)
    if (overlaps(c)) report_early_access(unit, c, begin, bytes, store, file, line);
  if (block.thread_copies_pending != 0)
    for (const std::vector<AsyncCopy>& copies : block.thread_copies)
      for (const AsyncCopy& c : copies)
        if (overlaps(c)) report_early_access(unit, c, begin, bytes, store, file, line);
}

}  // namespace simt::detail
