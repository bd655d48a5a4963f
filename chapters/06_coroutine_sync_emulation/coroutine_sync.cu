// Chapter 06's runners: the same __host__ __device__ reduction as a kernel and as host
// coroutines, and the other ways to emulate __syncthreads() it is compared with. nvcc builds this
// file for the GPU; simt translates the very same file for the CPU emulator (the sample's CPU
// build), whose kernels are themselves coroutines.

#include "coroutine_sync.hpp"

#include "block_sum_kernels.cuh"
#include "coroutine_block_sum.cuh"

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"

#if TUTORIAL_CPU_BUILD
#include <simt/settings.hpp>
#endif

#include <algorithm>
#include <barrier>
#include <chrono>
#include <sstream>
#include <thread>

// Everything below runs on the host. nvcc's device pass also reads host code, and there
// block_sum returns void; so the device pass skips it.
#if !defined(__CUDA_ARCH__)
namespace coroutine_sync {

namespace {

using ThreadFunction = ThreadTask (*)(float*, unsigned, unsigned);

ThreadFunction pick(Function f) {
  switch (f) {
    case Function::correct: return block_sum;
    case Function::divergent: return divergent_block_sum;
    case Function::last_waits_longer: return last_thread_waits_longer;
  }
  return block_sum;
}

std::vector<ThreadTask> start_threads(ThreadFunction f, float* shared, unsigned n) {
  std::vector<ThreadTask> threads;
  threads.reserve(n);
  for (unsigned tid = 0; tid < n; ++tid) threads.push_back(f(shared, tid, n));
  return threads;
}

std::string ranks(const std::vector<unsigned>& r) {
  std::ostringstream out;
  if (r.empty()) return "none";
  out << r.front();
  if (r.size() > 1) out << (r.back() - r.front() + 1 == r.size() ? "-" : "..") << r.back();
  return out.str();
}

// [doc:naive-runner]
int naive_loop(std::vector<ThreadTask>& threads, int& resumes_of_finished) {
  int rounds = 0;
  bool flag = true;
  while (flag) {  // keeps going only as long as the *last* thread says so
    for (auto& t : threads) {
      resumes_of_finished += t.done();
      flag = t.resume();
    }
    ++rounds;
  }
  return rounds;
}
// [doc:naive-runner]

// [doc:tracked-runner]
// Resumes every thread that has not finished, one barrier interval at a time. After each
// interval every thread must either wait at the same barrier as all the others or have
// finished together with all the others; anything else is a divergent barrier.
int tracked_loop(std::vector<ThreadTask>& threads, std::string& divergence) {
  for (int rounds = 1;; ++rounds) {
    for (auto& t : threads)
      if (!t.done()) t.resume();
    std::vector<unsigned> finished, waiting;
    for (unsigned tid = 0; tid < threads.size(); ++tid)
      (threads[tid].done() ? finished : waiting).push_back(tid);
    if (waiting.empty()) return rounds;
    const auto& first = threads[waiting.front()];
    const bool same_barrier = std::all_of(waiting.begin(), waiting.end(), [&](unsigned tid) {
      return threads[tid].barriers_passed() == first.barriers_passed() &&
             threads[tid].waiting_at().line() == first.waiting_at().line();
    });
    if (!finished.empty() || !same_barrier) {
      std::ostringstream report;
      report << "divergent __syncthreads(): threads " << ranks(waiting) << " wait at barrier "
             << first.barriers_passed() << " (line " << first.waiting_at().line() << ")";
      if (!finished.empty()) report << " but threads " << ranks(finished) << " have finished";
      if (!same_barrier) report << " but not all of them at the same one";
      divergence = report.str();
      return rounds;
    }
  }
}
// [doc:tracked-runner]

// libc++ says so where the host has no threads (WebAssembly under WASI).
#if !defined(_LIBCPP_HAS_NO_THREADS)
// The std::thread version needs its own body: a blocking barrier instead of a suspension.
void threaded_block_sum(float* shared, unsigned tid, unsigned n, std::barrier<>& barrier) {
  for (unsigned s = n / 2; s > 0; s >>= 1) {
    if (tid < s) shared[tid] += shared[tid + s];
    barrier.arrive_and_wait();
  }
}
#endif

// The lower bound: the same arithmetic as a plain loop per barrier interval.
float sequential_block_sum(float* shared, unsigned n) {
  for (unsigned s = n / 2; s > 0; s >>= 1)
    for (unsigned tid = 0; tid < s; ++tid) shared[tid] += shared[tid + s];
  return shared[0];
}

unsigned barriers_of(unsigned n) {
  unsigned b = 0;
  for (unsigned s = n / 2; s > 0; s >>= 1) ++b;
  return b;
}

}  // namespace

HostRun run_naive(Function function, std::span<const float> values) {
  std::vector<float> shared(values.begin(), values.end());
  auto threads = start_threads(pick(function), shared.data(), static_cast<unsigned>(shared.size()));
  HostRun run;
  run.rounds = naive_loop(threads, run.resumes_of_finished);
  run.sum = shared[0];
  return run;
}

HostRun run_tracked(Function function, std::span<const float> values) {
  std::vector<float> shared(values.begin(), values.end());
  auto threads = start_threads(pick(function), shared.data(), static_cast<unsigned>(shared.size()));
  HostRun run;
  run.rounds = tracked_loop(threads, run.divergence);
  run.sum = shared[0];
  return run;
}

std::optional<float> run_with_std_threads(std::span<const float> values) {
#if defined(_LIBCPP_HAS_NO_THREADS)
  static_cast<void>(values);
  return std::nullopt;
#else
  std::vector<float> shared(values.begin(), values.end());
  const auto n = static_cast<unsigned>(shared.size());
  std::barrier<> barrier(n);
  std::vector<std::jthread> threads;
  threads.reserve(n);
  for (unsigned tid = 0; tid < n; ++tid)
    threads.emplace_back([&, tid] { threaded_block_sum(shared.data(), tid, n, barrier); });
  threads.clear();  // joins
  return shared[0];
#endif
}

float run_kernel(std::span<const float> values) {
  const auto n = static_cast<unsigned>(values.size());
  tutorial::DeviceBuffer<float> d_in(values), d_out(1);
  BlockSumFromHostDeviceFunction<<<1, n, n * sizeof(float)>>>(d_in.get(), d_out.get());
  CUDA_CHECK(cudaGetLastError());
  float sum = 0;
  CUDA_CHECK(cudaMemcpy(&sum, d_out.get(), sizeof(float), cudaMemcpyDeviceToHost));
  return sum;
}

std::vector<SpeedRow> benchmark(const std::vector<unsigned>& thread_counts) {
  std::vector<SpeedRow> rows;
  for (const unsigned n : thread_counts) {
    const double barriers = barriers_of(n);
    const auto blocks = std::max(1u, static_cast<unsigned>((1u << 22) / (n * barriers)));
    std::vector<float> values(n, 1.0f), shared(n);
    // Runs `body` (which reduces `blocks_per_call` blocks) `calls` times after a warm-up.
    const auto time_it = [&](const std::string& method, unsigned calls, unsigned blocks_per_call,
                             double barriers_per_block, auto&& body) {
      body();
      const auto t0 = std::chrono::steady_clock::now();
      for (unsigned c = 0; c < calls; ++c) body();
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      const double reduced = static_cast<double>(calls) * blocks_per_call;
      rows.push_back({method, n, s * 1e9 / (reduced * n * barriers_per_block), reduced / s});
    };
    volatile float sink = 0;  // keeps the compiler from dropping the plain loop

    time_it("naive coroutines (heap frames)", blocks, 1, barriers, [&] {
      std::copy(values.begin(), values.end(), shared.begin());
      auto threads = start_threads(block_sum, shared.data(), n);
      int unused = 0;
      naive_loop(threads, unused);
    });
    FrameArena arena(n * 256);
    time_it("this chapter's runner (pooled frames)", blocks, 1, barriers, [&] {
      std::copy(values.begin(), values.end(), shared.begin());
      arena.reset();
      FrameArena::current = &arena;
      auto threads = start_threads(block_sum, shared.data(), n);
      std::string divergence;
      tracked_loop(threads, divergence);
      threads.clear();
      FrameArena::current = nullptr;
    });
#if TUTORIAL_CPU_BUILD
    {
      // The project's emulator, whose kernels this CPU build launches: one worker, checks off,
      // many blocks in one launch.
      const simt::Settings saved = simt::settings();
      simt::settings().worker_threads = 1;
      simt::settings().diagnostics = false;
      simt::settings().count_bank_conflicts = false;
      const std::vector<float> in(std::size_t{blocks} * n, 1.0f);
      tutorial::DeviceBuffer<float> d_in{std::span<const float>(in)}, d_out(blocks);
      time_it("the project's emulator (common/simt)", 1, blocks, barriers + 1, [&] {
        BlockSum<<<blocks, n, n * sizeof(float)>>>(d_in.get(), d_out.get());
        CUDA_CHECK(cudaGetLastError());
      });
      simt::settings() = saved;
    }
#endif
#if !defined(_LIBCPP_HAS_NO_THREADS)
    time_it("std::thread per GPU thread (created per block)", std::max(2u, 2048u / n), 1, barriers,
            [&] { sink = sink + *run_with_std_threads(values); });
#endif
    time_it("sequential loop per interval (lower bound)", blocks * 4, 1, barriers, [&] {
      std::copy(values.begin(), values.end(), shared.begin());
      sink = sink + sequential_block_sum(shared.data(), n);
    });
  }
  return rows;
}

}  // namespace coroutine_sync
#endif  // !defined(__CUDA_ARCH__)
