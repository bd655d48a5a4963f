#pragma once
/// @file
/// @brief Asynchronous copies in flight: recorded when a thread starts one into shared memory,
/// completed (the bytes copied) when the barrier phase, pipeline stage or group wait that owns
/// them completes, and the check that nothing touches a destination before. Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

#include <simt/detail/copy_bytes.hpp>
#include <simt/detail/initialisation_check.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <cstddef>

namespace simt::detail {

// Recording and completing copies is inline: most copies are of 4, 8 or 16 bytes, and each is
// recorded, then completed, by one thread. Built in one function with the caller's designated
// initialiser, a copy goes into its list without passing through memory (passed to another
// function, it was written field by field and read back 16 bytes at a time, which the processor
// could not forward: most of the time of recording a copy).

/// @brief Makes a copy that is not into shared memory at once (nothing can read its
/// destination early through the checks), and says so.
template <class Copy>
bool lands_now(const Copy& copy) {
  if (current_thread.unit->arena.contains(copy.dst)) return false;
  copy_bytes(copy.dst, copy.src, copy.bytes);
  return true;
}

/// @brief Whether `pending` holds `copy` already (a group's copy, made by each of its threads).
bool is_made_already(const std::vector<AsyncCopy>& pending, const AsyncCopy& copy);

/// @brief Keeps `copy` in `pending` until its completion. A group's copy is made by each of its
/// threads with the same arguments (`made_by_group`): it is kept once.
inline void keep_until_completed(std::vector<AsyncCopy>& pending, const AsyncCopy& copy,
                                 bool made_by_group) {
  if (made_by_group && is_made_already(pending, copy)) return;
  pending.push_back(copy);
  // The copy's bytes are written from here on: reading them before it completes is reported by
  // the destination check, not as uninitialised.
  note_shared_written(copy.dst, copy.bytes);
}

/// @brief Records `copy`, started by the running thread, until its completion; one that is not
/// into shared memory happens at once. A group's copy (`made_by_group`) is made by each of its
/// threads with the same arguments: it is one copy, kept once. Only a group's copy is looked
/// for among those pending: a thread's own copy is new, and looking would make a block's copies
/// cost the square of their count.
inline void record_copy(const AsyncCopy& copy, bool made_by_group) {
  if (!lands_now(copy))
    keep_until_completed(current_thread.block->async_copies, copy, made_by_group);
}

/// @brief Records `copy` into a stage of the running thread's own thread-scope pipeline, in the
/// thread's list (BlockState::thread_copies); one not into shared memory happens at once. One
/// thread's copies: none is another thread's part of a group copy, so none is a repeat. Reached
/// with the diagnostics on only (copy_into_thread_stage() makes the copy at once otherwise).
inline void record_thread_copy(const ThreadCopy& copy) {
  if (lands_now(copy)) return;
  BlockState& block = *current_thread.block;
  block.thread_copies[thread_rank()].list.push_back(copy);
  // As keep_until_completed() says.
  note_shared_written(copy.dst, copy.bytes);
  ++block.thread_copies_pending;
}

/// @brief Completes the pending copies of `copies` from the `from`-th on that `done` selects:
/// they happen now, as late as the GPU may make them, in the order they were made. Returns how
/// many.
template <class Copy, class Done>
std::size_t complete_copies(std::vector<Copy>& copies, Done done, std::size_t from = 0) {
  // One pass that makes each selected copy and moves each kept one down over them: the kept
  // copies are mostly later stages, behind the completed ones.
  auto kept = copies.begin() + static_cast<std::ptrdiff_t>(from);
  for (auto c = kept; c != copies.end(); ++c) {
    if (done(*c)) {
      copy_bytes(c->dst, c->src, c->bytes);
      continue;
    }
    if (kept != c) *kept = *c;
    ++kept;
  }
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
