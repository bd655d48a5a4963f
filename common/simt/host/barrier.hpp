#pragma once
/// @file
/// @brief Barriers for host-compiled kernels: each GPU thread is a C++20 coroutine and
/// `__syncthreads()` is a suspension point (chapter 06 explains the technique).
///
/// A kernel that contains `__syncthreads()` becomes a coroutine whose return type is still
/// `void`. The specialization of `std::coroutine_traits` below gives such kernels a promise
/// that runs the thread eagerly up to its first barrier, allocates its frame from the
/// worker's arena, and lets the block scheduler (runtime.cpp) resume it barrier by barrier.
/// Only the generated emulator translation units see this specialization.

#include <simt/detail/thread_context.hpp>

#include <coroutine>
#include <cstddef>
#include <exception>
#include <source_location>

namespace simt::detail {

/// @brief Promise of a kernel coroutine: started at once, frame from the block's arena.
struct KernelPromise {
  static void* operator new(std::size_t bytes) { return current_thread.block->frames.allocate(bytes); }
  static void operator delete(void*, std::size_t) noexcept {}  // the arena is reset per block
  void get_return_object() noexcept {}
  std::suspend_never initial_suspend() noexcept { return {}; }
  std::suspend_never final_suspend() noexcept { return {}; }
  void return_void() noexcept {}
  [[noreturn]] void unhandled_exception() { throw; }  // reaches the scheduler, then the launch
};

/// @brief What `__syncthreads()` awaits: the thread registers itself and suspends.
struct BlockBarrier {
  std::source_location site;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> thread) const {
    current_thread.block->arrived.push_back({thread, current_thread.thread_rank, site});
  }
  void await_resume() const noexcept {}
};

/// @brief What `__syncthreads_count/and/or(p)` await: a barrier that also counts predicates.
struct CountingBlockBarrier {
  std::source_location site;
  int predicate;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> thread) const {
    BlockState& block = *current_thread.block;
    block.arrived.push_back({thread, current_thread.thread_rank, site});
    block.predicate_count += predicate;
  }
  [[nodiscard]] int await_resume() const noexcept { return current_thread.block->released_count; }
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

#define __syncthreads() co_await ::simt::detail::BlockBarrier{std::source_location::current()}
#define __syncthreads_count(predicate)                                                        \
  (co_await ::simt::detail::CountingBlockBarrier{std::source_location::current(),            \
                                                 (predicate) ? 1 : 0})
#define __syncthreads_and(predicate)                                                          \
  ((co_await ::simt::detail::CountingBlockBarrier{std::source_location::current(),           \
                                                  (predicate) ? 1 : 0}) ==                   \
   ::simt::detail::threads_per_block())
#define __syncthreads_or(predicate)                                                           \
  ((co_await ::simt::detail::CountingBlockBarrier{std::source_location::current(),           \
                                                  (predicate) ? 1 : 0}) > 0)
