#pragma once
/// @file
/// @brief Which GPU thread the current worker runs, and how control passes from one GPU thread
/// to the next. Internal to the emulator; kernels see it through CUDA's names.

#include <simt/dim3.hpp>

#include <coroutine>
#include <exception>

namespace simt::detail {

struct BlockState;
struct Heartbeat;
struct UnitState;

/// @ingroup simt
/// @brief One GPU thread of a block, in the chain of threads an interval runs.
struct ThreadSlot {
  /// Where the thread resumes: its kernel coroutine, or the innermost `__device__` function it
  /// is suspended in (a no-op before the thread has started).
  std::coroutine_handle<> thread;
  Uint3 index;        ///< Its `threadIdx`.
  unsigned rank = 0;  ///< Its linear index in the block.
};

/// @brief The GPU thread the current worker is running: what `threadIdx` and friends read.
struct ThreadContext {
  ThreadSlot* slot = nullptr;         ///< The running thread, in the chain being run.
  ThreadSlot* chain_begin = nullptr;  ///< The first slot of the chain being run.
  /// The scheduler's frame that resumed the chain being run. Where the compiler does not turn
  /// symmetric transfer into a tail call (sanitizer and unoptimised builds), every transfer of a
  /// chain nests a frame below it, so warp collectives stop rewinding the chain (completing in
  /// place) once the chain has used this much stack (see complete_in_place()).
  const char* stack_base = nullptr;
  Uint3 block_idx;              ///< `blockIdx`
  Uint3 block_dim;              ///< `blockDim`
  Uint3 grid_dim;               ///< `gridDim`
  BlockState* block = nullptr;  ///< The thread's block.
  UnitState* unit = nullptr;    ///< The blocks run together with it (its cluster).
  bool checking = false;        ///< Shared accesses are recorded (diagnostics, counters).
  /// What the watchdog watches (diagnostics on and the watchdog on; null otherwise).
  Heartbeat* heartbeat = nullptr;
  /// The same heartbeat where an access may be noted in passing (see noted_in_passing()): with
  /// the bank-conflict counters off, which must see every access; null otherwise.
  Heartbeat* quick_heartbeat = nullptr;
};

/// @brief The running thread of this worker (a trivial type, so access needs no TLS wrapper).
extern constinit thread_local ThreadContext current_thread;

/// @brief Linear index of the running thread within its block.
inline unsigned thread_rank() noexcept { return current_thread.slot->rank; }

/// @brief Hands the worker to the next thread of the chain being run: a barrier interval runs
/// as one chain of symmetric transfers through the block's waiting threads (slots side by side
/// in an array), and its last link is a no-op handle that returns control to the scheduler.
[[gnu::always_inline]] inline std::coroutine_handle<> next_thread() noexcept {
  return (++current_thread.slot)->thread;
}

/// @brief What a kernel's or device function's coroutine does with an exception from inside
/// it (an error the emulator raised, a race say): pass it on to the scheduler, then the launch.
/// (Kernel translation units are built without exceptions, which then pass through the
/// coroutine without coming here.)
[[noreturn]] inline void pass_exception_on() {
#if defined(__cpp_exceptions)
  throw;
#else
  std::terminate();
#endif
}

/// @brief Threads per warp: consecutive thread ranks 0-31, 32-63, ... form one warp.
inline constexpr unsigned warp_size = 32;
/// @brief The lane (position in its warp) of the thread of linear rank `rank` in its block.
constexpr unsigned lane_of(unsigned rank) { return rank % warp_size; }
/// @brief The warp, within its block, of the thread of linear rank `rank`.
constexpr unsigned warp_of(unsigned rank) { return rank / warp_size; }

}  // namespace simt::detail
