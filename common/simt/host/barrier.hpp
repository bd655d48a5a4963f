#pragma once
/// @file
/// @brief Barriers for host-compiled kernels: each GPU thread is a C++20 coroutine and a
/// barrier is a suspension point (chapter 06 builds this technique from scratch).
///
/// A kernel that contains `__syncthreads()` becomes a coroutine whose return type is still
/// `void`. The specialization of `std::coroutine_traits` below gives such kernels a promise
/// that runs the thread eagerly up to its first barrier and allocates its frame from the
/// worker's arena. After that, a barrier interval of a block is one chain: the scheduler
/// (runtime.cpp) resumes the block's first thread, and each thread, when it suspends at its
/// next barrier or finishes, jumps straight to the next one (symmetric transfer); the last
/// hands control back to the scheduler. Each barrier in the source is a static BarrierSite,
/// so checking that all threads wait at the same one is a pointer comparison. Only the
/// generated emulator translation units see this specialization.

#include <simt/detail/thread_context.hpp>

#include <coroutine>
#include <cstddef>
#include <exception>
#include <source_location>
#include <type_traits>

namespace simt::detail {

/// @brief Hands the worker to the thread of the next slot of the running block: the next
/// thread of the interval, or (past the last) the runner, through the slot's no-op handle.
[[gnu::always_inline]] inline std::coroutine_handle<> next_thread() noexcept {
  return (++current_thread.slot)->thread;
}

/// @brief Promise of a kernel coroutine: started at once, frame from the cluster's arena.
/// When a thread suspends or finishes, control passes directly to the next thread
/// (symmetric transfer) instead of returning to a scheduler loop first.
template <bool ParametersNeedDestruction>
struct KernelPromise {
  static void* operator new(std::size_t bytes) {
    return current_thread.cluster->frames.allocate(bytes);
  }
  static void operator delete(void*, std::size_t) noexcept {}  // the arena is reset per cluster
  /// The runner finds the thread through its slot.
  void get_return_object() noexcept {
    current_thread.slot->thread = std::coroutine_handle<KernelPromise>::from_promise(*this);
  }
  std::suspend_never initial_suspend() noexcept { return {}; }
  /// A finished thread passes on to the next one. Its frame stays in the arena until the
  /// cluster ends; destroying it only matters for parameters with destructors.
  struct Finished {
    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<> await_suspend(
        std::coroutine_handle<KernelPromise> self) const noexcept {
      std::coroutine_handle<> next = next_thread();
      if constexpr (ParametersNeedDestruction) self.destroy();
      return next;
    }
    void await_resume() const noexcept {}
  };
  Finished final_suspend() noexcept { return {}; }
  /// The thread ran off the end of the kernel: the scheduler must not wait for it.
  void return_void() { current_thread.block->exited.push_back(thread_rank()); }
  /// An error the emulator raised inside the kernel (a race, say) reaches the scheduler, then
  /// the launch. (Kernel translation units are built without exceptions, which then pass
  /// through the coroutine without coming here.)
  [[noreturn]] void unhandled_exception() {
#if defined(__cpp_exceptions)
    throw;
#else
    std::terminate();
#endif
  }
};

/// @brief The site of one barrier of a kernel: an object with static storage per place in the
/// source. `Where` is the type of a lambda written at that place (every lambda expression has a
/// type of its own) whose call returns the place, so each barrier gets its own object.
template <class Where, BarrierKind Kind>
inline constexpr BarrierSite barrier_site{Kind, Where{}()};

/// @brief The first thread of an interval to reach a barrier names it; a thread that reaches
/// another barrier in the same interval is recorded as a stray (reported by the scheduler).
[[gnu::noinline]] inline void arrive_at_new_site(BlockState& block, const BarrierSite* here) {
  if (block.barrier == nullptr)
    block.barrier = here;
  else if (!same_barrier(*here, *block.barrier))
    block.strays.push_back({thread_rank(), here});
}

/// @brief Checks that the running thread waits where the block's other threads do. This runs
/// once per thread per barrier, so its common case (the barrier of the interval's first
/// arrival) is one pointer comparison.
[[gnu::always_inline]] inline void arrive(const BarrierSite* here) {
  BlockState& block = *current_thread.block;
  if (here != block.barrier) [[unlikely]]
    arrive_at_new_site(block, here);
}

/// @brief What a barrier awaits: the thread notes where it waits and suspends, handing the
/// worker to the next thread; the scheduler starts the next interval once every thread the
/// barrier concerns has arrived.
// clang-format 14 mangles a struct with a [[nodiscard("...")]] message.
// clang-format off
struct [[nodiscard("a barrier must be awaited: write __syncthreads() or SIMT_SYNC(group)")]] Barrier {
  // clang-format on
  const BarrierSite* site;
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<>) const {
    arrive(site);
    return next_thread();
  }
  void await_resume() const noexcept {}
};

/// @brief `__syncthreads_count/and/or`: a block barrier that also counts a predicate.
struct [[nodiscard]] CountingBarrier {
  const BarrierSite* site;
  int predicate;
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<>) const {
    arrive(site);
    current_thread.block->predicate_count += predicate;
    return next_thread();
  }
  /// @brief The number of threads whose predicate was true.
  int await_resume() const noexcept { return current_thread.block->released_count; }
};

/// @brief Threads per block of the running kernel.
inline int threads_per_block() {
  const auto& d = current_thread.block_dim;
  return static_cast<int>(d.x * d.y * d.z);
}

}  // namespace simt::detail

/// Every `void` coroutine of a kernel translation unit is a kernel thread.
template <class... Args>
struct std::coroutine_traits<void, Args...> {
  using promise_type = ::simt::detail::KernelPromise<!(
      std::is_trivially_destructible_v<std::remove_cvref_t<Args>> && ...)>;
};

// The type of a lambda written where the macro expands: names that place at compile time.
#define SIMT_DETAIL_HERE decltype([] { return std::source_location::current(); })
#define SIMT_DETAIL_BLOCK_SITE \
  (&::simt::detail::barrier_site<SIMT_DETAIL_HERE, ::simt::detail::BarrierKind::block>)

#define SIMT_DETAIL_BLOCK_BARRIER(predicate) \
  (co_await ::simt::detail::CountingBarrier{SIMT_DETAIL_BLOCK_SITE, (predicate) ? 1 : 0})
#define __syncthreads() co_await ::simt::detail::Barrier(SIMT_DETAIL_BLOCK_SITE)
#define __syncthreads_count(predicate) SIMT_DETAIL_BLOCK_BARRIER(predicate)
#define __syncthreads_and(predicate) \
  (SIMT_DETAIL_BLOCK_BARRIER(predicate) == ::simt::detail::threads_per_block())
#define __syncthreads_or(predicate) (SIMT_DETAIL_BLOCK_BARRIER(predicate) > 0)
