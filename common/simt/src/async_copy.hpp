#pragma once
/// @file
/// @brief Asynchronous copies in flight: recorded when a thread starts one into shared memory,
/// completed (the bytes copied) when the barrier phase, pipeline stage or group wait that owns
/// them completes, and the check that nothing touches a destination before. Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

#include <simt/detail/unit_state.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>

namespace simt::detail {

/// @brief Records `copy`, started by the running thread, until its completion; one that is not
/// into shared memory happens at once (nothing can read its destination early through the
/// checks). A group's copy (`made_by_group`) is made by each of its threads with the same
/// arguments: it is one copy, kept once.
void record_copy(const AsyncCopy& copy, bool made_by_group);

/// @brief Records `copy` into a stage of the running thread's own thread-scope pipeline, in the
/// thread's list (BlockState::thread_copies); one not into shared memory happens at once.
void record_thread_copy(const AsyncCopy& copy);

/// @brief Completes the pending copies of `copies` that `done` selects: they happen now, as
/// late as the GPU may make them. Returns how many.
template <class Done>
std::size_t complete_copies(std::vector<AsyncCopy>& copies, Done done) {
  for (const AsyncCopy& c : copies)
    if (done(c)) std::memcpy(c.dst, c.src, c.bytes);
  const auto kept = std::remove_if(copies.begin(), copies.end(), done);
  const auto completed = static_cast<std::size_t>(copies.end() - kept);
  copies.erase(kept, copies.end());
  return completed;
}

/// @brief Completes the block's pending copies (not those of thread-scope pipelines) that
/// `done` selects.
template <class Done>
void complete_copies(BlockState& block, Done done) {
  complete_copies(block.async_copies, done);
}

/// @brief Diagnostics: reports an access to the destination of a copy not completed yet.
void check_async_destination(const UnitState& unit, const BlockState& block, const void* address,
                             std::size_t bytes, bool store, const char* file, unsigned line);

}  // namespace simt::detail
