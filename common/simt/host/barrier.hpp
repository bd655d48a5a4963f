#pragma once
/// @file
/// @brief Barriers for host-compiled kernels: each GPU thread is a C++20 coroutine and a
/// barrier is a suspension point (chapter 06 builds this technique from scratch).
///
/// A kernel that contains `__syncthreads()` becomes a coroutine whose return type is still
/// `void`. The specialization of `std::coroutine_traits` below gives such kernels a promise
/// that runs the thread eagerly up to its first barrier, allocates its frame from the
/// worker's arena, and lets the scheduler (runtime.cpp) resume it barrier by barrier. Only
/// the generated emulator translation units see this specialization.

#include <simt/detail/thread_context.hpp>

#include <coroutine>
#include <cstddef>
#include <source_location>

namespace simt::detail {

/// @brief Promise of a kernel coroutine: started at once, frame from the cluster's arena.
struct KernelPromise {
  static void* operator new(std::size_t bytes) { return current_thread.cluster->frames.allocate(bytes); }
  static void operator delete(void*, std::size_t) noexcept {}  // the arena is reset per cluster
  void get_return_object() noexcept {}
  std::suspend_never initial_suspend() noexcept { return {}; }
  std::suspend_never final_suspend() noexcept { return {}; }
  /// The thread ran off the end of the kernel: the scheduler must not wait for it.
  void return_void() { current_thread.block->exited.push_back(current_thread.thread_rank); }
  [[noreturn]] void unhandled_exception() { throw; }  // reaches the scheduler, then the launch
};

/// @brief Records a thread that waits at another barrier than its block's first arrival.
[[gnu::noinline, gnu::cold]] inline void arrive_elsewhere(BlockState& block, const BarrierSite& here) {
  block.strays.push_back({current_thread.thread_rank, here});
}

/// @brief Registers the running thread as waiting at `here` in its block. This runs once per
/// thread per barrier, so its common path is kept inline and short.
[[gnu::always_inline]] inline void arrive(std::coroutine_handle<> thread, const BarrierSite& here) {
  BlockState& block = *current_thread.block;
  if (block.arrived.empty())
    block.barrier = here;
  else if (!same_barrier(here, block.barrier)) [[unlikely]]
    arrive_elsewhere(block, here);
  block.arrived.push_back({thread, current_thread.thread_rank});
}

/// @brief What a barrier awaits: the thread registers itself with its block and suspends;
/// the scheduler resumes it once every thread the barrier concerns has arrived.
struct [[nodiscard("a barrier must be awaited: write __syncthreads() or SIMT_SYNC(group)")]] Barrier {
  BarrierKind kind;
  std::source_location site;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> thread) const { arrive(thread, {kind, site}); }
  void await_resume() const noexcept {}
};

/// @brief `__syncthreads_count/and/or`: a block barrier that also counts a predicate.
struct [[nodiscard]] CountingBarrier {
  std::source_location site;
  int predicate;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> thread) const {
    arrive(thread, {BarrierKind::block, site});
    current_thread.block->predicate_count += predicate;
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
  using promise_type = ::simt::detail::KernelPromise;
};

#define SIMT_DETAIL_BLOCK_BARRIER(predicate) \
  (co_await ::simt::detail::CountingBarrier{std::source_location::current(), (predicate) ? 1 : 0})
#define __syncthreads() \
  co_await ::simt::detail::Barrier{::simt::detail::BarrierKind::block, std::source_location::current()}
#define __syncthreads_count(predicate) SIMT_DETAIL_BLOCK_BARRIER(predicate)
#define __syncthreads_and(predicate) \
  (SIMT_DETAIL_BLOCK_BARRIER(predicate) == ::simt::detail::threads_per_block())
#define __syncthreads_or(predicate) (SIMT_DETAIL_BLOCK_BARRIER(predicate) > 0)
