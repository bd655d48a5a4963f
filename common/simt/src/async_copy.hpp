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
/// checks). A group's copy is made by each of its threads with the same arguments: it is one
/// copy.
void record_copy(const AsyncCopy& copy);

/// @brief Completes the block's pending copies that `done` selects: they happen now, as late as
/// the GPU may make them.
template <class Done>
void complete_copies(BlockState& block, Done done) {
  auto& copies = block.async_copies;
  for (const AsyncCopy& c : copies)
    if (done(c)) std::memcpy(c.dst, c.src, c.bytes);
  copies.erase(std::remove_if(copies.begin(), copies.end(), done), copies.end());
}

/// @brief Diagnostics: reports an access to the destination of a copy not completed yet.
void check_async_destination(const UnitState& unit, const BlockState& block, const void* address,
                             std::size_t bytes, bool store, const char* file, unsigned line);

}  // namespace simt::detail
