#pragma once
/// @file
/// @brief What a worker shows the watchdog while it runs GPU threads with diagnostics on: a
/// count that moves whenever another GPU thread or barrier interval runs, and the place of the
/// running thread's last memory access. Internal.
///
/// A GPU thread that never reaches the barrier the rest of its block waits at (a spin on a flag
/// no running thread will set) would hang the emulator as it hangs the GPU. The watchdog
/// (src/watchdog.cpp) sees the count stand still, marks the worker overdue, and the thread's next
/// memory access throws the report; only a thread that touches no memory at all has to be ended
/// from outside.

#include <simt/detail/thread_context.hpp>

#include <atomic>
#include <cstdint>

namespace simt::detail {

/// @ingroup simt
/// @brief One worker's signs of progress, written by the worker and read by the watchdog
/// (relaxed atomics: the watchdog only needs to see them change, and a report uses the worker's
/// own view of its state).
struct Heartbeat {
  std::atomic<std::uint64_t> beats{0};              ///< Moves on every sign of progress.
  std::atomic<const ThreadSlot*> running{nullptr};  ///< The slot of the last access.
  std::atomic<unsigned> rank{0};                    ///< Its thread's rank in the block.
  std::atomic<std::uint64_t> block{0};              ///< Linear index of the block running.
  std::atomic<const char*> file{nullptr};           ///< The last access's kernel file...
  std::atomic<unsigned> line{0};                    ///< ... and line.
  std::atomic<bool> overdue{false};                 ///< Set by the watchdog: report and stop.
  /// The worker runs a block's other threads to see where they wait, for a report: one that
  /// makes no progress is cut short after a tenth of the limit.
  std::atomic<bool> reporting{false};
  double limit_seconds = 0;  ///< Settings::watchdog_seconds of the launch (set before watching).
  /// Where the host has no threads (WebAssembly), the worker is its own watchdog: it looks at
  /// the clock every 65,536 notes (poll_watchdog()), with these as the watchdog's memory.
  std::uint64_t notes = 0;
  std::uint64_t polled_beats = 0;
  double polled_since = 0;

  /// @brief The worker moved on (a new chain of threads, a new block).
  void beat() noexcept {
    beats.store(beats.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  /// @brief What the watchdog does when the beats stood still for the limit: the worker's next
  /// access throws the report. Clearing `running` (after `overdue`) sends accesses that are
  /// noted in passing, which do not look at `overdue`, to note_progress(), which does.
  void mark_overdue() noexcept {
    overdue.store(true, std::memory_order_relaxed);
    running.store(nullptr, std::memory_order_release);
  }
};

/// @brief Whether the watchdog is a thread of its own (everywhere but WebAssembly, where the
/// worker looks at the clock itself every 65,536 notes of progress, so that no access may skip
/// note_progress()).
inline constexpr bool watchdog_is_a_thread =
#if defined(_LIBCPP_HAS_NO_THREADS)
    false;
#else
    true;
#endif

/// @brief Throws the KernelError that describes the running thread's block as the watchdog
/// found it: which threads wait where, and where the running thread was last seen. (In a
/// thread the report runs to see where it waits, it throws an internal exception the report
/// catches.)
[[noreturn]] void report_no_progress();
/// @brief Where the host has no threads: marks the worker overdue when its beats have stood
/// still for the limit, as the watchdog's thread does elsewhere.
void poll_watchdog(Heartbeat& heartbeat);

/// @brief With the watchdog on: notes that the running thread reached `file`:`line` (null for
/// an access whose place is not known, an atomic function say), and reports it if its worker is
/// overdue. A change of running thread counts as progress.
[[gnu::always_inline]] inline void note_progress(const char* file, unsigned line) {
  Heartbeat* h = current_thread.heartbeat;
  if (h == nullptr) return;
  const ThreadSlot* slot = current_thread.slot;
  // Acquire: a `running` the watchdog cleared comes with `overdue` set (see mark_overdue()).
  if (h->running.load(std::memory_order_acquire) != slot) {
    h->running.store(slot, std::memory_order_relaxed);
    h->rank.store(slot->rank, std::memory_order_relaxed);
    h->beat();
  }
  if (file != nullptr) {
    h->file.store(file, std::memory_order_relaxed);
    h->line.store(line, std::memory_order_relaxed);
  }
#if defined(_LIBCPP_HAS_NO_THREADS)
  if (++h->notes % 65536 == 0) [[unlikely]]
    poll_watchdog(*h);
#endif
  if (h->overdue.load(std::memory_order_relaxed)) [[unlikely]]
    report_no_progress();
}

}  // namespace simt::detail
