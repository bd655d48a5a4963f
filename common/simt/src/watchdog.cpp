/// @file
/// @brief The watchdog thread, and the report a worker throws when the watchdog finds it made
/// no progress.

#include "watchdog.hpp"

#include <simt/detail/unit_state.hpp>
#include <simt/launch.hpp>
#include "describe.hpp"
#include "host_threads.hpp"
#if SIMT_HOST_HAS_THREADS
#include "per_process.hpp"
#endif
#include "waiting_threads.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iomanip>
#include <sstream>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

namespace simt::detail {

namespace {

using Clock = std::chrono::steady_clock;
using Seconds = std::chrono::duration<double>;

std::string seconds_text(double seconds) {
  std::ostringstream text;
  text << std::setprecision(2) << seconds << " s";
  return text.str();
}

// WebAssembly under WASI has no threads: there the worker is its own watchdog (poll_watchdog(),
// from note_progress()), and a thread that touches no memory runs until the page's Stop.
#if SIMT_HOST_HAS_THREADS
// How often the watchdog looks: the limit is met within this much.
constexpr std::chrono::milliseconds tick{50};

class Watchdog {
 public:
  // The process's watchdog (per_process.hpp). A child of fork() has its own: its copy of the
  // parent's had no thread behind it, and joining that at exit made the child abort.
  static Watchdog& instance() { return per_process<Watchdog>(); }

  void enrol(Heartbeat& heartbeat, const char* kernel, const Dim3& grid) {
    {
      std::unique_lock lock(mutex_);
      watched_.push_back({&heartbeat, kernel, grid, heartbeat.beats.load(), Clock::now()});
      if (!thread_.joinable()) {
        thread_ = std::jthread([this](std::stop_token stop) { watch(stop); });
        // A thread's start may allocate (AddressSanitizer's does), and a fork() while it does
        // leaves the child an allocator locked by a thread the child has not got: GCC 12's
        // libasan does not hold its allocator across fork(). So the launch goes on only once
        // the watchdog runs, and a fork() between launches finds it waiting, not starting.
        started_.wait(lock, [&] { return running_; });
      }
    }
    wake_.notify_one();
  }

  void leave(const Heartbeat& heartbeat) {
    std::lock_guard lock(mutex_);
    std::erase_if(watched_, [&](const Watched& w) { return w.heartbeat == &heartbeat; });
  }

 private:
  struct Watched {
    Heartbeat* heartbeat;
    const char* kernel;
    Dim3 grid;
    std::uint64_t beats;      // as last seen
    Clock::time_point since;  // when they last moved
    bool flagged = false;     // overdue set, report awaited
  };

  void watch(const std::stop_token& stop) {
    std::unique_lock lock(mutex_);
    running_ = true;
    started_.notify_one();
    while (!stop.stop_requested()) {
      if (watched_.empty()) {
        wake_.wait(lock, stop, [&] { return !watched_.empty(); });
        continue;
      }
      wake_.wait_for(lock, stop, tick, [] { return false; });
      const Clock::time_point now = Clock::now();
      for (Watched& w : watched_) {
        const std::uint64_t beats = w.heartbeat->beats.load(std::memory_order_relaxed);
        if (beats != w.beats) {
          w.beats = beats;
          w.since = now;
          w.flagged = false;
          continue;
        }
        const double still = Seconds(now - w.since).count();
        const double limit = w.heartbeat->reporting.load(std::memory_order_relaxed)
                                 ? w.heartbeat->limit_seconds / 10
                                 : w.heartbeat->limit_seconds;
        if (!w.flagged && still >= limit) {
          // The worker's next memory access throws the report (report_no_progress()).
          w.heartbeat->mark_overdue();
          w.flagged = true;
        } else if (w.flagged && still >= 2 * limit) {
          end_program(w, still);
        }
      }
    }
  }

  // The running thread touches no memory, so nothing can be thrown into it: print what the
  // heartbeat shows and end the program.
  [[noreturn]] static void end_program(const Watched& w, double still) {
    const Heartbeat& h = *w.heartbeat;
    const char* file = h.file.load(std::memory_order_relaxed);
    const Uint3 block = unflatten(h.block.load(std::memory_order_relaxed), w.grid);
    std::fflush(stdout);
    std::fprintf(stderr,
                 "simt: no progress in kernel '%s' for %s: thread %u of block %s has run that "
                 "long without another thread or barrier interval running, and has touched no "
                 "memory since the watchdog's limit (Settings::watchdog_seconds, %s) passed, so "
                 "no report can be thrown into it%s%s. On the GPU this kernel hangs (or, if the "
                 "thread is only slow, raise the limit). Ending the program with exit status "
                 "%d.\n",
                 w.kernel != nullptr ? w.kernel : "?", seconds_text(still).c_str(),
                 h.rank.load(std::memory_order_relaxed), index_text(block).c_str(),
                 seconds_text(h.limit_seconds).c_str(), file != nullptr ? "; last seen at " : "",
                 file != nullptr ? where(file, h.line.load(std::memory_order_relaxed)).c_str() : "",
                 kernel_fault_exit_code);
    std::fflush(stderr);
    std::_Exit(kernel_fault_exit_code);
  }

  HostMutex mutex_;
  std::condition_variable_any wake_;
  std::condition_variable_any started_;  // running_ became true
  bool running_ = false;
  std::vector<Watched> watched_;
  std::jthread thread_;
};
#endif

}  // namespace

#if SIMT_HOST_HAS_THREADS
WatchedWorker::WatchedWorker(double seconds, const char* kernel, const Dim3& grid) {
  if (!(seconds > 0)) return;
  heartbeat_ = std::make_unique<Heartbeat>();
  heartbeat_->limit_seconds = seconds;
  Watchdog::instance().enrol(*heartbeat_, kernel, grid);
}

WatchedWorker::~WatchedWorker() {
  if (heartbeat_) Watchdog::instance().leave(*heartbeat_);
}
#else
namespace {
double now_seconds() { return Seconds(Clock::now().time_since_epoch()).count(); }
}  // namespace

WatchedWorker::WatchedWorker(double seconds, const char*, const Dim3&) {
  if (!(seconds > 0)) return;
  heartbeat_ = std::make_unique<Heartbeat>();
  heartbeat_->limit_seconds = seconds;
  heartbeat_->polled_since = now_seconds();
}

WatchedWorker::~WatchedWorker() = default;

void poll_watchdog(Heartbeat& h) {
  const double now = now_seconds();
  const std::uint64_t beats = h.beats.load(std::memory_order_relaxed);
  if (beats != h.polled_beats) {
    h.polled_beats = beats;
    h.polled_since = now;
    return;
  }
  const double limit =
      h.reporting.load(std::memory_order_relaxed) ? h.limit_seconds / 10 : h.limit_seconds;
  if (now - h.polled_since >= limit) h.mark_overdue();
}
#endif

namespace {

// What a thread that run_the_others() runs throws when it makes no progress either: who it is
// and where it was last seen. (Any other error of those threads is not this report's business.)
struct AlsoStuck {
  std::string who;
};

// Runs the threads after the running one in its chain (which have not run yet in this interval)
// up to where each waits next, as they would run alongside it on the GPU, so that the report can
// say where they wait. One that makes no progress either is cut short by the watchdog (see
// report_no_progress()); it is returned ("" if every one got somewhere).
std::string run_the_others(ThreadContext& t) {
  const UnitState& unit = *t.unit;
  ThreadSlot* const self = t.slot;
  std::string stuck;
  try {
    if (unit.whole_blocks) {
      // A kernel run as loops over its threads: the others' code is the same loop's, which
      // this thread holds up; where they would wait is not known.
    } else if (unit.starting) {
      // The first interval: the threads after this one have not started.
      for (ThreadSlot* next = self + 1; next->rank < unit.threads_per_block; ++next) {
        t.slot = next;
        unit.body(unit.closure);
      }
    } else if (self[1].rank < unit.threads_per_block) {
      t.slot = self + 1;
      self[1].thread.resume();  // runs the rest of the chain
    }
  } catch (const AlsoStuck& e) {
    stuck = e.who;
  } catch (...) {
    // Another bug of a thread run for the report: the threads after it stay where they were.
  }
  t.slot = self;
  return stuck;
}

}  // namespace

void report_no_progress() {
  ThreadContext& t = current_thread;
  Heartbeat& h = *t.heartbeat;
  h.overdue.store(false, std::memory_order_relaxed);
  const unsigned rank = t.slot->rank;
  const char* file = h.file.load(std::memory_order_relaxed);
  const std::string seen =
      file != nullptr ? where(file, h.line.load(std::memory_order_relaxed)) : "?";
  // A thread that run_the_others() runs for the report: it makes no progress either.
  if (h.reporting.load(std::memory_order_relaxed))
    throw AlsoStuck{"thread " + std::to_string(rank) + " (last seen at " + seen + ")"};

  h.reporting.store(true, std::memory_order_relaxed);
  const std::string also_stuck = run_the_others(t);
  h.reporting.store(false, std::memory_order_relaxed);
  const UnitState& unit = *t.unit;
  const BlockState& b = *t.block;
  const unsigned n = unit.threads_per_block;
  std::vector<char> not_waiting(n, 0);
  not_waiting[rank] = 1;
  const std::string waiting = describe_waiting_threads(b, n, not_waiting);

  std::ostringstream message;
  message << "no progress in kernel '" << kernel_name(unit, nullptr) << "' for "
          << seconds_text(h.limit_seconds) << " (Settings::watchdog_seconds): in block "
          << index_text(b.block_idx) << ", ";
  if (!waiting.empty()) {
    message << waiting << ", while thread " << rank << " has not arrived: it is still running, "
            << "last seen at " << seen;
    if (!also_stuck.empty()) message << ", and so is " << also_stuck;
    message << ". On the GPU this kernel hangs too: a thread that loops until something happens "
               "that only the waiting threads would do after the barrier never sees it. Every "
               "thread must reach the barrier; move the loop's condition past it.";
  } else {
    message << "thread " << rank << " has run that long without reaching a barrier or its end, "
            << "last seen at " << seen;
    if (!also_stuck.empty()) message << ", and so has " << also_stuck;
    message << ". If it waits for another block (a flag in global memory): on the GPU that "
               "block must be resident at the same time, which CUDA promises only in a "
               "cooperative launch (cudaLaunchCooperativeKernel, with grid.sync() as the "
               "barrier); the emulator runs other clusters' blocks after this one. If it is only "
               "slow, raise the limit (0 turns the watchdog off).";
  }
  throw KernelError(message.str());
}

}  // namespace simt::detail
