// Chapter 06 - emulating __syncthreads() on the host with C++20 coroutines.
// One __host__ __device__ block reduction runs as a GPU kernel and as one coroutine per GPU
// thread on the host; the sample shows both give the CPU's sum, then shows the pitfalls of a
// naive runner, and --benchmark compares the ways of emulating a barrier on a CPU.

#include "coroutine_sync.hpp"

#include "common/backend.hpp"
#include "common/cli.hpp"
#include "common/random_inputs.hpp"
#include "common/sample_main.hpp"
#include "common/usage_error.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace {

using coroutine_sync::Function;

// Small integers, so every order of additions gives the same, exact sum.
std::vector<float> small_integers(unsigned n, std::uint64_t seed) {
  return tutorial::random_integers<float>(n, seed, -8, 8);
}

float cpu_sum(const std::vector<float>& v) {
  float s = 0;
  for (float x : v) s += x;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    unsigned threads = 128;
    tutorial::Cli cli("06_coroutine_sync_emulation",
                      "Chapter 06: __syncthreads() on the host with C++20 coroutines");
    cli.add_integer("--threads", threads, 2, 1024, "threads of the block, a power of two",
                    "a power of two: the tree reduction halves it at each step; a block has at "
                    "most 1024 threads");
    const auto chosen = cli.parse_and_select_backend(argc, argv, {7, 5});
    if (!chosen) return 0;
    if ((threads & (threads - 1)) != 0)
      throw tutorial::UsageError(
          "--threads",
          "expected a power of two from 2 to 1024 (the tree reduction halves it "
          "at each step), got " +
              std::to_string(threads));
    const bool gpu = chosen->backend == tutorial::Backend::device;

    if (cli.common().benchmark) {
      // Every method runs on the CPU, the project's emulator among them: the CPU build's.
      if (gpu)
        tutorial::run_cpu_build(argv, "--benchmark times CPU methods, the emulator among them");
      std::puts(
          "Chapter 06 benchmark: ns per thread-barrier (one GPU thread passing one barrier), one "
          "CPU core");
      std::printf("%-46s %8s %18s %14s\n", "method", "threads", "ns/thread-barrier", "blocks/s");
      for (const auto& r : coroutine_sync::benchmark({128, 256, 1024}))
        std::printf("%-46s %8u %18.2f %14.0f\n", r.method.c_str(), r.threads,
                    r.ns_per_thread_barrier, r.blocks_per_second);
      return 0;
    }

    std::printf("Chapter 06: a __host__ __device__ block reduction, %u threads\n", threads);
    bool ok = true;
    const auto check = [&](const char* what, float got, float expected) {
      const bool match = got == expected;
      ok &= match;
      std::printf("%s: %s (%g, expected %g)\n", what, match ? "match" : "MISMATCH", got, expected);
    };

    const std::vector<float> ones(threads, 1.0f);
    check("host coroutines, all 1.0", coroutine_sync::run_tracked(Function::correct, ones).sum,
          static_cast<float>(threads));
    const std::vector<float> values = small_integers(threads, cli.common().seed);
    const float expected = cpu_sum(values);
    check("host coroutines, random values",
          coroutine_sync::run_tracked(Function::correct, values).sum, expected);
    if (gpu) {
      check("GPU kernel, all 1.0", coroutine_sync::run_kernel(ones), static_cast<float>(threads));
      check("GPU kernel, random values", coroutine_sync::run_kernel(values), expected);
    } else {
      std::printf("GPU kernel: not run (%s); the project's emulator stands in:\n",
                  chosen->reason.c_str());
      check("emulator kernel, random values", coroutine_sync::run_kernel(values), expected);
    }
    if (threads <= 256) {
      if (const auto sum = coroutine_sync::run_with_std_threads(values))
        check("std::thread per GPU thread, random values", *sum, expected);
      else
        std::printf("std::thread per GPU thread: not run (this build's host has no threads)\n");
    }

    // The pitfalls are shown on a block of 128 threads whatever --threads says (with 2 threads
    // there is no upper half to diverge).
    const std::vector<float> block_of_128 = small_integers(128, cli.common().seed);
    const float expected_128 = cpu_sum(block_of_128);
    std::puts("pitfall 1 (128 threads): the last thread waits at one more barrier than the others");
    const auto longer = coroutine_sync::run_naive(Function::last_waits_longer, block_of_128);
    std::printf("  naive runner: %d rounds, resumed finished threads %d times\n", longer.rounds,
                longer.resumes_of_finished);
    const auto longer_tracked =
        coroutine_sync::run_tracked(Function::last_waits_longer, block_of_128);
    std::printf("  tracked runner: %s\n", longer_tracked.divergence.empty()
                                              ? "no report"
                                              : longer_tracked.divergence.c_str());

    std::puts("pitfall 2 (128 threads): the upper half of the block stops waiting at barriers");
    const auto naive = coroutine_sync::run_naive(Function::divergent, block_of_128);
    std::printf("  naive runner: sum %g after %d rounds (the CPU sum is %g), no error\n", naive.sum,
                naive.rounds, expected_128);
    const auto tracked = coroutine_sync::run_tracked(Function::divergent, block_of_128);
    std::printf("  tracked runner: %s\n",
                tracked.divergence.empty() ? "no report" : tracked.divergence.c_str());
    ok &= !tracked.divergence.empty() && !longer_tracked.divergence.empty();
    std::printf(
        "result: %s\n",
        ok ? "match (every correct run equals the CPU sum; both bugs were reported)" : "MISMATCH");
    return ok ? 0 : 1;
  });
}
