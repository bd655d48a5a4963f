/// @file
/// @brief The kept worker threads (worker_pool.hpp). Starting and joining a thread at every
/// launch made a small grid slower on two workers than on one: a vector add of 2^12 elements
/// took 8.4 µs per launch on one worker and 63-72 µs on two (11-15 µs with a kept thread, which
/// is woken instead).

#include "worker_pool.hpp"
#include "per_process.hpp"

#include <atomic>
#include <cstdint>
#include <exception>
#include <thread>
#include <vector>

namespace simt::detail {
namespace {

/// The kept threads, and the one job they are given at a time.
class WorkerPool {
 public:
  /// Takes the pool for one job, or says (false) that another job holds it (an atomic flag,
  /// not a mutex: the holder itself may ask, from inside its job, where a mutex's try_lock
  /// would be undefined).
  bool try_take() { return !in_use_.test_and_set(std::memory_order_acquire); }

  /// Runs `job(context)` here and on `helpers` kept threads (started now if fewer are kept);
  /// the pool must be taken, and is given back.
  void run(unsigned helpers, void (*job)(void*), void* context) {
    const struct GivenBack {
      std::atomic_flag& flag;
      ~GivenBack() { flag.clear(std::memory_order_release); }
    } given_back{in_use_};
    while (kept_ < helpers) start_thread();
    job_ = job;
    context_ = context;
    helpers_ = helpers;
    // Every kept thread answers every job, those beyond `helpers` at once: so none can still
    // be reading this job's fields when the next one writes them.
    unanswered_.store(kept_, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);
    generation_.notify_all();
    // The helpers' job reads this thread's frame (the launch's state): whatever this thread's
    // part does, it waits for theirs before it returns or throws.
    std::exception_ptr failure;
    try {
      job(context);
    } catch (...) {
      failure = std::current_exception();
    }
    for (unsigned left = unanswered_.load(std::memory_order_acquire); left != 0;
         left = unanswered_.load(std::memory_order_acquire))
      unanswered_.wait(left, std::memory_order_acquire);
    if (failure) std::rethrow_exception(failure);
  }

 private:
  void start_thread() {
    const unsigned index = kept_;
    const std::uint32_t seen = generation_.load(std::memory_order_relaxed);
    std::thread([this, index, seen] { serve(index, seen); }).detach();
    ++kept_;
  }

  [[noreturn]] void serve(unsigned index, std::uint32_t seen) {
    while (true) {
      generation_.wait(seen, std::memory_order_acquire);
      ++seen;  // the next job is not given before this one is answered: none is missed
      if (index < helpers_) job_(context_);
      if (unanswered_.fetch_sub(1, std::memory_order_acq_rel) == 1) unanswered_.notify_all();
    }
  }

  std::atomic_flag in_use_;
  unsigned kept_ = 0;  // written only by the job's owner, before it gives the job
  std::atomic<std::uint32_t> generation_{0};
  std::atomic<unsigned> unanswered_{0};
  void (*job_)(void*) = nullptr;
  void* context_ = nullptr;
  unsigned helpers_ = 0;
};

}  // namespace

void run_beside_this_thread(unsigned helpers, void (*job)(void*), void* context) {
  WorkerPool& kept = per_process<WorkerPool>();
  if (kept.try_take()) {
    kept.run(helpers, job, context);
    return;
  }
  std::vector<std::jthread> started;
  started.reserve(helpers);
  for (unsigned h = 0; h < helpers; ++h) started.emplace_back(job, context);
  job(context);
}

}  // namespace simt::detail
