#pragma once
/// @file
/// @brief `cuda::barrier` on the emulator: a count of arrivals per phase, kept in the barrier
/// object itself (in the block's shared memory, as on the GPU), and waits that suspend the
/// thread until the phase of its token has completed. Asynchronous copies bound to a barrier
/// complete with the phase they were started in. Internal.

#include <simt/detail/completion_wait.hpp>
#include <simt/detail/site.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <source_location>

namespace simt::detail {

/// @ingroup simt
/// @brief What a `cuda::barrier` holds. Trivial, so that a `__shared__` barrier is just bytes
/// of the block's shared memory until `init()` writes them.
struct CudaBarrierState {
  static constexpr std::uint64_t initialised_mark = 0x62617272696572ull;  ///< "barrier"
  std::uint64_t mark;     ///< initialised_mark once init() ran (shared memory starts poisoned).
  std::int64_t expected;  ///< Arrivals that complete a phase.
  std::int64_t pending;   ///< Arrivals the current phase still waits for.
  std::int64_t next_expected;       ///< expected for the next phase (arrive_and_drop lowers it).
  std::uint64_t phase;              ///< Phases completed so far.
  std::source_location init_place;  ///< Where init() was called, for diagnostics.
  /// Runs the barrier's completion function on `completion_object` (null: it has none).
  void (*completion)(void*);
  void* completion_object;
};

/// @brief `init(&bar, expected)`, or `init(&bar, expected, completion)` when `completion` is
/// not null: each phase runs `completion(completion_object)` before it completes.
void initialise_barrier(CudaBarrierState& barrier, std::ptrdiff_t expected,
                        const std::source_location& place, void (*completion)(void*) = nullptr,
                        void* completion_object = nullptr);
/// @brief Counts `count` arrivals of the running thread at `barrier` (completing the phase when
/// they are the last) and returns the phase they belong to, which the token carries.
std::uint64_t arrive_at_barrier(CudaBarrierState& barrier, std::ptrdiff_t count,
                                const std::source_location& place);
/// @brief `arrive_and_drop()`: one arrival, and one fewer expected from the next phase on.
void drop_from_barrier(CudaBarrierState& barrier, const std::source_location& place);
/// @brief Checks a wait for `phase`: a token more than one phase old is a bug.
void check_token(const CudaBarrierState& barrier, std::uint64_t phase, const Site& site);
/// @brief What `bar.wait(token)` and `bar.arrive_and_wait()` await: ready at once when the
/// phase has already completed, otherwise a suspension until it does.
template <class Where>
struct PhaseWaitAt {
  const CudaBarrierState* barrier;
  std::uint64_t phase;
  bool await_ready() const noexcept { return barrier->phase > phase; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const {
    return wait_until_above(self, &barrier->phase, phase, &site_at<Where>,
                            CompletionWaitKind::barrier_phase, barrier);
  }
  void await_resume() const noexcept {}
};

/// @brief `cuda::memcpy_async(dst, src, bytes, bar)`: a copy into shared memory that completes
/// with the current phase of `barrier` (diagnostics report reads of `dst` before that).
/// `by_group`: `cuda::memcpy_async(group, ...)`, one copy that each thread of the group makes.
void copy_with_barrier(void* dst, const void* src, std::size_t bytes, CudaBarrierState& barrier,
                       const std::source_location& place, bool by_group);

}  // namespace simt::detail
