#pragma once
/// @file
/// @brief What a `__device__` function that can wait at a barrier becomes on the emulator.
///
/// A GPU thread that calls such a function must be able to suspend inside it, so the
/// translation (simt_add_kernels()) makes the function a coroutine returning `simt::Task<R>`
/// instead of `R`, its `return` a `co_return`, and every call to it a `co_await`. A call
/// transfers straight into the callee and, when the callee returns, straight back to the caller:
/// no scheduler in between. While the thread waits at a barrier inside the callee, the scheduler
/// resumes the callee, not the kernel.

#include <simt/detail/frame_arena.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <coroutine>
#include <cstddef>
#include <exception>
#include <memory>
#include <type_traits>
#include <utility>

namespace simt {

namespace detail {
/// @brief What every Task promise shares: lazy start, frames recycled in the worker's arena,
/// and a return to the caller when the function ends.
struct TaskPromiseBase {
  std::coroutine_handle<> caller;  ///< Resumed when the function returns.
  static void* operator new(std::size_t bytes) {
    return current_thread.unit->frames.allocate_recyclable(bytes);
  }
  static void operator delete(void* frame, std::size_t bytes) noexcept {
    current_thread.unit->frames.recycle(frame, bytes);
  }
  std::suspend_always initial_suspend() noexcept { return {}; }
  struct ReturnToCaller {
    bool await_ready() const noexcept { return false; }
    template <class Promise>
    std::coroutine_handle<> await_suspend(std::coroutine_handle<Promise> self) const noexcept {
      return self.promise().caller;
    }
    void await_resume() const noexcept {}
  };
  ReturnToCaller final_suspend() noexcept { return {}; }
  [[noreturn]] void unhandled_exception() { pass_exception_on(); }
};

/// @brief Where a Task keeps its result: the value, or the address for a reference.
template <class R>
struct TaskResult {
  using Stored = std::conditional_t<std::is_reference_v<R>, std::remove_reference_t<R>*, R>;
  alignas(Stored) unsigned char storage[sizeof(Stored)];
  bool set = false;
  template <class V>
  void return_value(V&& value) {
    if constexpr (std::is_reference_v<R>)
      ::new (static_cast<void*>(storage)) Stored(std::addressof(value));
    else
      ::new (static_cast<void*>(storage)) Stored(std::forward<V>(value));
    set = true;
  }
  R take() {
    Stored& stored = *std::launder(reinterpret_cast<Stored*>(storage));
    if constexpr (std::is_reference_v<R>)
      return static_cast<R>(*stored);
    else
      return std::move(stored);
  }
  ~TaskResult() {
    if (set) std::launder(reinterpret_cast<Stored*>(storage))->~Stored();
  }
};
template <>
struct TaskResult<void> {
  void return_void() noexcept {}
  void take() noexcept {}
};
}  // namespace detail

/// @ingroup simt
/// @brief A call of a `__device__` function that can suspend: `co_await` runs it to its end (on
/// the same GPU thread, through any barriers inside) and gives its result.
template <class R = void>
class [[nodiscard]] Task {
 public:
  /// @brief The coroutine machinery's view of the function.
  struct promise_type : detail::TaskPromiseBase, detail::TaskResult<R> {
    Task get_return_object() noexcept {
      return Task(std::coroutine_handle<promise_type>::from_promise(*this));
    }
  };

  Task(Task&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
  Task& operator=(Task&&) = delete;
  ~Task() {
    if (handle_) handle_.destroy();
  }

  /// @brief The function has not started: the awaiting caller transfers into it.
  bool await_ready() const noexcept { return false; }
  /// @brief Starts the function, remembering who to return to.
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> caller) noexcept {
    handle_.promise().caller = caller;
    return handle_;
  }
  /// @brief The function's result.
  R await_resume() { return handle_.promise().take(); }

 private:
  explicit Task(std::coroutine_handle<promise_type> handle) noexcept : handle_(handle) {}
  std::coroutine_handle<promise_type> handle_;
};

}  // namespace simt
