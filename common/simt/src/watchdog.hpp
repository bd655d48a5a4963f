#pragma once
/// @file
/// @brief The watchdog: one thread per process that watches the heartbeat of every worker
/// running a launch with diagnostics on, and marks a worker overdue when its heartbeat has
/// stood still for Settings::watchdog_seconds. Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

#include <simt/detail/heartbeat.hpp>
#include <simt/dim3.hpp>

#include <memory>

namespace simt::detail {

/// @ingroup simt
/// @brief A worker's heartbeat, watched for as long as this object lives (one per worker and
/// launch; null heartbeat when the watchdog is off).
class WatchedWorker {
 public:
  /// @brief Starts watching (and the watchdog's thread, the first time) when `seconds` > 0.
  /// `kernel` (may be null) and `grid` name what ran if the program must be ended.
  WatchedWorker(double seconds, const char* kernel, const Dim3& grid);
  WatchedWorker(const WatchedWorker&) = delete;
  WatchedWorker& operator=(const WatchedWorker&) = delete;
  ~WatchedWorker();
  /// @brief What the worker shows the watchdog; null when it is off.
  [[nodiscard]] Heartbeat* heartbeat() const { return heartbeat_.get(); }

 private:
  std::unique_ptr<Heartbeat> heartbeat_;
};

}  // namespace simt::detail
