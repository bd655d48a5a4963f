#pragma once
/// @file
/// @brief `cuda::barrier` on the emulator: a count of arrivals per phase, kept in the barrier
/// object itself (in the block's shared memory, as on the GPU), and waits that suspend the
/// thread until the phase of its token has completed. Asynchronous copies bound to a barrier
/// complete with the phase they were started in. Internal.

#include <simt/detail/barriers.hpp>
#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <source_location>

namespace simt::detail {

/// @ingroup simt
/// @brief What a `cuda::barrier` holds. Trivial, so that a `__shared__` barrier is just bytes
/// of the block's shared memory until `init()` writes them.
struct BarrierState {
  static constexpr std::uint64_t initialised_mark = 0x62617272696572ull;  ///< "barrier"
  std::uint64_t mark;     ///< initialised_mark once init() ran (shared memory starts poisoned).
  std::int64_t expected;  ///< Arrivals that complete a phase.
  std::int64_t pending;   ///< Arrivals the current phase still waits for.
  std::int64_t next_expected;       ///< expected for the next phase (arrive_and_drop lowers it).
  std::uint64_t phase;              ///< Phases completed so far.
  std::source_location init_place;  ///< Where init() was called, for diagnostics.
};

/// @brief `init(&bar, expected)`.
void initialise_barrier(BarrierState& barrier, std::ptrdiff_t expected,
                        const std::source_location& place);
/// @brief Counts `count` arrivals of the running thread at `barrier` (completing the phase when
/// they are the last) and returns the phase they belong to, which the token carries.
std::uint64_t arrive_at_barrier(BarrierState& barrier, std::ptrdiff_t count,
                                const std::source_location& place);
/// @brief `arrive_and_drop()`: one arrival, and one fewer expected from the next phase on.
void drop_from_barrier(BarrierState& barrier, const std::source_location& place);
/// @brief Checks a wait for `phase`: a token more than one phase old is a bug.
void check_token(const BarrierState& barrier, std::uint64_t phase, const Site& site);
/// @brief Suspends the running thread until `phase` of `barrier` completes; returns the next
/// thread to run.
std::coroutine_handle<> wait_for_phase(std::coroutine_handle<> self, const BarrierState& barrier,
                                       std::uint64_t phase, const Site* site);

/// @brief What `bar.wait(token)` and `bar.arrive_and_wait()` await: ready at once when the
/// phase has already completed, otherwise a suspension until it does.
template <class Where>
struct PhaseWaitAt {
  const BarrierState* barrier;
  std::uint64_t phase;
  bool await_ready() const noexcept { return barrier->phase > phase; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const {
    return wait_for_phase(self, *barrier, phase, &site_at<Where>);
  }
  void await_resume() const noexcept {}
};

/// @brief `cuda::memcpy_async(dst, src, bytes, bar)`: a copy into shared memory that completes
/// with the current phase of `barrier` (diagnostics report reads of `dst` before that).
void copy_with_barrier(void* dst, const void* src, std::size_t bytes, BarrierState& barrier,
                       const std::source_location& place);
/// @brief `cooperative_groups::memcpy_async(block, dst, src, bytes)`, called by every thread
/// of the block with the same arguments: one copy, which completes at `cg::wait(block)`.
void copy_for_block(void* dst, const void* src, std::size_t bytes,
                    const std::source_location& place);

/// @brief Completes the block's cooperative-groups copies (at the release of a `cg::wait`).
void complete_group_copies(BlockState& block);
/// @brief Diagnostics: reports an access to the destination of a copy not completed yet.
void check_async_destination(const UnitState& unit, const BlockState& block, const void* address,
                             std::size_t bytes, bool store, const char* file, unsigned line);

/// @brief What `cg::wait(block)` awaits: a block barrier, at whose release the block's
/// cooperative-groups copies complete.
template <class Where>
struct GroupCopyWaitAt {
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const {
    current_thread.slot->thread = self;
    BlockScheduling& block = current_thread.block->scheduling;
    block.completes_group_copies = true;
    if (&site_at<Where> != block.barrier) [[unlikely]]
      arrive_at_new_site(block, &site_at<Where>, BarrierKind::block);
    return next_thread();
  }
  void await_resume() const noexcept {}
};

}  // namespace simt::detail
