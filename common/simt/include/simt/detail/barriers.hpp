#pragma once
/// @file
/// @brief Barriers for host-compiled kernels: each GPU thread is a C++20 coroutine and a barrier
/// is a suspension point (chapter 06 builds this technique from scratch).
///
/// The translation makes every kernel that can wait at a barrier a coroutine whose return type
/// is still `void`; the specialization of `std::coroutine_traits` below gives it a promise that
/// runs the thread eagerly up to its first barrier and allocates its frame from the worker's
/// arena. After that, a barrier interval of a block is one chain: the scheduler resumes the
/// first waiting thread, and each thread, when it waits at its next barrier or finishes, jumps
/// straight to the next one (symmetric transfer); the last hands control back to the scheduler.
/// Each barrier in the source has a static Site, so checking that all threads wait at the same
/// one is a pointer comparison. Only translated kernel code sees this specialization.

#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <coroutine>
#include <cstddef>
#include <exception>
#include <type_traits>

namespace simt::detail {

/// @ingroup simt
/// @brief Promise of a kernel coroutine: started at once, frame from the unit's arena.
/// When a thread suspends or finishes, control passes directly to the next thread
/// (symmetric transfer) instead of returning to a scheduler loop first.
template <bool ParametersNeedDestruction>
struct KernelPromise {
  static void* operator new(std::size_t bytes) {
    return current_thread.unit->frames.allocate(bytes);
  }
  static void operator delete(void*, std::size_t) noexcept {}  // the arena is reset per unit
  /// The runner finds the thread through its slot.
  void get_return_object() noexcept {
    current_thread.slot->thread = std::coroutine_handle<KernelPromise>::from_promise(*this);
  }
  std::suspend_never initial_suspend() noexcept { return {}; }
  /// A finished thread passes on to the next one. Its frame stays in the arena until the
  /// unit ends; destroying it only matters for parameters with destructors.
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
  /// The thread ran off the end of the kernel or returned: it no longer holds barriers up.
  void return_void() {
    BlockScheduling& s = current_thread.block->scheduling;
    const unsigned rank = thread_rank();
    s.exited.push_back(rank);
    s.warps[warp_of(rank)].exited |= 1u << lane_of(rank);
  }
  [[noreturn]] void unhandled_exception() { pass_exception_on(); }
};

/// @brief The first thread of an interval to reach a block-level barrier names it; a thread
/// that reaches another one in the same interval is recorded as a stray.
[[gnu::noinline]] void arrive_at_new_site(BlockScheduling& block, const Site* here,
                                          BarrierKind kind);

/// @brief What a block, cluster or grid barrier awaits: the thread notes where it waits and
/// suspends, handing the worker to the next thread; the scheduler starts the next interval once
/// every thread the barrier concerns has arrived or exited. (The barrier's place and kind are
/// template arguments: this runs once per thread per barrier, and the awaiter lives in the
/// thread's frame, so it is empty.)
template <class Where, BarrierKind Kind>
struct BarrierAt {
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const {
    current_thread.slot->thread = self;
    BlockScheduling& block = current_thread.block->scheduling;
    if (&site_at<Where> != block.barrier_site) [[unlikely]]
      arrive_at_new_site(block, &site_at<Where>, Kind);
    return next_thread();
  }
  void await_resume() const noexcept {}
};

/// @brief What `__syncthreads_count/and/or` return for the count of true predicates.
enum class CountResult : std::uint8_t { count, all, any };

/// @brief `__syncthreads_count/and/or`: a block barrier that also counts a predicate.
template <class Where>
struct CountingBarrierAt {
  int predicate;
  CountResult result;
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) const {
    current_thread.slot->thread = self;
    BlockScheduling& block = current_thread.block->scheduling;
    if (&site_at<Where> != block.barrier_site) [[unlikely]]
      arrive_at_new_site(block, &site_at<Where>, BarrierKind::block);
    block.predicate_count += predicate;
    return next_thread();
  }
  /// @brief The count of true predicates, or whether all or any were true.
  int await_resume() const noexcept {
    const int count = current_thread.block->scheduling.released_count;
    switch (result) {
      case CountResult::all: {
        const auto& d = current_thread.block_dim;
        return count == static_cast<int>(d.x * d.y * d.z) ? 1 : 0;
      }
      case CountResult::any: return count > 0 ? 1 : 0;
      case CountResult::count: break;
    }
    return count;
  }
};

}  // namespace simt::detail

/// Every `void` coroutine of translated kernel code is a kernel thread (the translation makes
/// `__device__` functions that suspend return simt::Task instead).
template <class... Args>
struct std::coroutine_traits<void, Args...> {
  using promise_type = ::simt::detail::KernelPromise<!(
      std::is_trivially_destructible_v<std::remove_cvref_t<Args>> && ...)>;
};
