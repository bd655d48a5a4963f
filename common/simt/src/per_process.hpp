#pragma once
/// @file
/// @brief The process's one object of a kind that owns threads (the kept workers, the
/// watchdog), made at its first use and never destroyed, and made anew in a child of fork().
/// Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

#include <pthread.h>

#include <atomic>

namespace simt::detail {

/// @brief The process's T. Never destroyed: its threads wait until the process ends, however
/// it ends, and nothing joins them (a program that ends from inside a kernel's worker, or while
/// one runs, cannot wait for them). A child of fork() has none of its parent's threads, only
/// their objects, whose locks may be held by a thread that is not there: it leaves the parent's
/// T alone and makes its own at its first use.
template <class T>
T& per_process() {
  static std::atomic<T*> current{nullptr};
  [[maybe_unused]] static const int forgotten_in_children =
      pthread_atfork(nullptr, nullptr, [] { current.store(nullptr, std::memory_order_relaxed); });
  T* made = current.load(std::memory_order_acquire);
  if (made != nullptr) return *made;
  auto* mine = new T;
  if (current.compare_exchange_strong(made, mine, std::memory_order_acq_rel)) return *mine;
  delete mine;  // another thread made it first
  return *made;
}

}  // namespace simt::detail
