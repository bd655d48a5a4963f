/// @file
/// @brief Asynchronous copies in flight: whether a group's copy is recorded already, and the
/// destination check (recording and completing them is inline, in async_copy.hpp).

#include "async_copy.hpp"
#include <simt/detail/phase_barrier.hpp>
#include <simt/detail/thread_context.hpp>
#include "describe.hpp"

#include <algorithm>
#include <sstream>

namespace simt::detail {

bool is_made_already(const std::vector<AsyncCopy>& pending, const AsyncCopy& copy) {
  return std::any_of(pending.begin(), pending.end(), [&](const AsyncCopy& c) {
    return c.dst == copy.dst && c.src == copy.src && c.bytes == copy.bytes &&
           c.cuda_barrier == copy.cuda_barrier && c.barrier_phase == copy.barrier_phase &&
           c.pipeline == copy.pipeline && c.pipeline_stage == copy.pipeline_stage &&
           c.group_copy == copy.group_copy && c.group_first == copy.group_first;
  });
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
  const auto overlaps = [&](const auto& c) {
    const auto* dst = static_cast<const unsigned char*>(c.dst);
    return begin + bytes > dst && dst + c.bytes > begin;
  };
  for (const AsyncCopy& c : block.async_copies)
    if (overlaps(c)) report_early_access(unit, c, begin, bytes, store, file, line);
  if (block.thread_copies_pending != 0)
    for (const ThreadCopies& copies : block.thread_copies)
      for (std::size_t i = copies.first; i < copies.list.size(); ++i)
        if (overlaps(copies.list[i]))
          report_early_access(unit, copies.list[i].as_async_copy(), begin, bytes, store, file,
                              line);
}

}  // namespace simt::detail
