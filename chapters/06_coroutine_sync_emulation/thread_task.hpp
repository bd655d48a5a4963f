#pragma once
// Chapter 06: the coroutine type that lets one GPU thread run on the host and stop at a
// barrier. Host code only: nvcc's device pass never sees it (see coroutine_block_sum.cuh).

#include <coroutine>
#include <cstddef>
#include <exception>
#include <new>
#include <source_location>
#include <utility>
#include <vector>

namespace coroutine_sync {

/// Bump allocator for coroutine frames: set FrameArena::current, and frames come from it
/// instead of the heap (one allocation per block instead of one per thread).
class FrameArena {
 public:
  explicit FrameArena(std::size_t bytes) : storage_(bytes) {}
  void* allocate(std::size_t bytes) {
    bytes = (bytes + 15) / 16 * 16;
    if (used_ + bytes > storage_.size()) return nullptr;  // full: the caller uses the heap
    void* p = storage_.data() + used_;
    used_ += bytes;
    return p;
  }
  bool owns(const void* p) const {
    return p >= storage_.data() && p < storage_.data() + storage_.size();
  }
  void reset() { used_ = 0; }
  static inline thread_local FrameArena* current = nullptr;

 private:
  std::vector<std::byte> storage_;
  std::size_t used_ = 0;
};

// [doc:thread-task]
/// One GPU thread as a coroutine. It starts suspended; each resume() runs it to its next
/// barrier (or to its end). It remembers how many barriers it passed and where it waits.
class ThreadTask {
 public:
  struct promise_type {
    int barriers_passed = 0;
    std::source_location waiting_at;
    ThreadTask get_return_object() { return ThreadTask(Handle::from_promise(*this)); }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }  // the runner destroys it
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
    static void* operator new(std::size_t bytes) {
      if (FrameArena::current != nullptr)
        if (void* p = FrameArena::current->allocate(bytes)) return p;
      return ::operator new(bytes);
    }
    static void operator delete(void* p, std::size_t bytes) noexcept {
      if (FrameArena::current == nullptr || !FrameArena::current->owns(p))
        ::operator delete(p, bytes);
    }
  };
  using Handle = std::coroutine_handle<promise_type>;

  ThreadTask(ThreadTask&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
  ThreadTask& operator=(ThreadTask&& other) noexcept {
    std::swap(handle_, other.handle_);
    return *this;
  }
  ~ThreadTask() {
    if (handle_) handle_.destroy();
  }

  /// Runs the thread to its next barrier or its end; true while it has more to do. Resuming
  /// a finished thread does nothing (and returns false).
  bool resume() {
    if (!handle_.done()) handle_.resume();
    return !handle_.done();
  }
  bool done() const { return handle_.done(); }
  int barriers_passed() const { return handle_.promise().barriers_passed; }
  std::source_location waiting_at() const { return handle_.promise().waiting_at; }

 private:
  explicit ThreadTask(Handle h) : handle_(h) {}
  Handle handle_;
};

/// What a host-side barrier awaits: always suspends, and records where.
struct Barrier {
  std::source_location site;
  bool await_ready() const noexcept { return false; }
  void await_suspend(ThreadTask::Handle thread) const noexcept {
    thread.promise().waiting_at = site;
    ++thread.promise().barriers_passed;
  }
  void await_resume() const noexcept {}
};
// [doc:thread-task]

}  // namespace coroutine_sync
