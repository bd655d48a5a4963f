#pragma once
// Chapter 06's library: a block reduction written once as a __host__ __device__ function, run
// as a kernel (on the GPU, or on the emulator in the sample's CPU build) and as host coroutines
// by two runners, and compared with other ways to emulate __syncthreads() on a CPU.

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace coroutine_sync {

/// Which version of the reduction to run on the host.
enum class Function {
  correct,            ///< block_sum
  divergent,          ///< divergent_block_sum: the upper half stops waiting (a bug)
  last_waits_longer,  ///< last_thread_waits_longer: the last thread waits once more (a bug)
};

/// What a host run of one block produced.
struct HostRun {
  float sum = 0;                ///< shared[0] at the end.
  int rounds = 0;               ///< Times the runner went over the threads.
  int resumes_of_finished = 0;  ///< Resumes of threads that had already finished.
  std::string divergence;  ///< The tracked runner's report of a divergent barrier ("" if none).
};

/// The naive runner: `while (flag) for (auto& t : threads) flag = t.resume();`.
[[nodiscard]] HostRun run_naive(Function function, std::span<const float> values);

/// The chapter's runner: tracks every thread, and reports threads that wait at different
/// barriers or finish while others still wait, instead of computing a wrong sum.
[[nodiscard]] HostRun run_tracked(Function function, std::span<const float> values);

/// One std::thread per GPU thread, synchronised by a std::barrier; nothing where the host has no
/// threads (the sample built as WebAssembly, for the pages' Run panels).
[[nodiscard]] std::optional<float> run_with_std_threads(std::span<const float> values);

/// The __host__ __device__ function inside a real kernel (one block), launched on the current
/// device: the GPU, or in the sample's CPU build the project's emulator (common/simt).
[[nodiscard]] float run_kernel(std::span<const float> values);

/// One line of the speed comparison.
struct SpeedRow {
  std::string method;                ///< How the barrier is emulated.
  unsigned threads = 0;              ///< Threads per block.
  double ns_per_thread_barrier = 0;  ///< Time per GPU thread passing one barrier.
  double blocks_per_second = 0;      ///< Blocks reduced per second.
};

/// Times each method on one CPU core (the std::thread method uses one OS thread per GPU thread).
/// The project's emulator is among them in the CPU build only (the GPU build has none).
[[nodiscard]] std::vector<SpeedRow> benchmark(const std::vector<unsigned>& thread_counts);

}  // namespace coroutine_sync
