#pragma once
/// @file
/// @brief The emulator's locks over its host-side tables, and whether the host has threads at
/// all. A C++ library without threads (WebAssembly under WASI: libc++ built with
/// _LIBCPP_HAS_NO_THREADS) has no std::mutex; there the emulator runs every launch on one
/// worker and without the watchdog's thread, so its locks have nothing to exclude. Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

#include <algorithm>
#include <mutex>
#include <shared_mutex>
#include <thread>

#include "worker_pool.hpp"

#if defined(_LIBCPP_HAS_NO_THREADS)
#define SIMT_HOST_HAS_THREADS 0
#else
/// @brief 1 where the host has threads: launches spread over workers, the watchdog has its own.
#define SIMT_HOST_HAS_THREADS 1
#endif

namespace simt::detail {

#if !SIMT_HOST_HAS_THREADS

/// @brief False: one worker, no watchdog thread.
inline constexpr bool host_has_threads = false;

/// @brief A lock with nothing to exclude (meets Lockable and SharedLockable).
struct HostMutex {
  void lock() noexcept {}
  bool try_lock() noexcept { return true; }
  void unlock() noexcept {}
  void lock_shared() noexcept {}
  void unlock_shared() noexcept {}
};
using HostSharedMutex = HostMutex;

/// @brief std::shared_lock's role, with nothing to lock.
template <class Mutex>
struct SharedLock {
  explicit SharedLock(Mutex&) noexcept {}
};

/// @brief The workers a launch may use when the settings leave it to the host: one.
inline unsigned host_hardware_threads() noexcept { return 1; }
/// @brief Lets another host thread run: there is none.
inline void yield_host_thread() noexcept {}
/// @brief Runs `work` once: there is one worker.
template <class Work>
void run_on_workers(unsigned /*workers*/, Work& work) {
  work();
}

#else

/// @brief True: launches spread over worker threads, and the watchdog has its own.
inline constexpr bool host_has_threads = true;

using HostMutex = std::mutex;
using HostSharedMutex = std::shared_mutex;
template <class Mutex>
using SharedLock = std::shared_lock<Mutex>;

/// @brief The workers a launch may use when the settings leave it to the host: one per
/// hardware thread.
inline unsigned host_hardware_threads() noexcept {
  return std::max(1u, std::thread::hardware_concurrency());
}
/// @brief Lets another host thread run.
inline void yield_host_thread() noexcept { std::this_thread::yield(); }
/// @brief Runs `work` on `workers` host threads at once, this one among them (the others kept
/// from one launch to the next: worker_pool.hpp), and returns when all have finished.
template <class Work>
void run_on_workers(unsigned workers, Work& work) {
  if (workers <= 1) {
    work();
    return;
  }
  run_beside_this_thread(
      workers - 1, [](void* w) { (*static_cast<Work*>(w))(); }, &work);
}

#endif

}  // namespace simt::detail
