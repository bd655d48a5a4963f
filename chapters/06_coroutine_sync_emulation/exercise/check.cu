// Checks exercise 06: run_block must finish every thread of a correct reduction (and give the
// sum), and of a reduction whose last thread finishes before the others.
#include EXERCISE_HEADER

#include "06_coroutine_sync_emulation/coroutine_block_sum.cuh"

#include "common/cli.hpp"
#include "common/sample_main.hpp"

#include <algorithm>
#include <cstdio>
#include <vector>

#if !defined(__CUDA_ARCH__)
namespace {

bool all_finished(const std::vector<coroutine_sync::ThreadTask>& threads) {
  return std::all_of(threads.begin(), threads.end(),
                     [](const coroutine_sync::ThreadTask& t) { return t.done(); });
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    tutorial::Cli cli("06_coroutine_sync_exercise", "Checks your run_block");
    const auto chosen = cli.parse_and_select_backend(argc, argv, {7, 5});
    if (!chosen) return 0;
    const unsigned n = 128;
    std::vector<float> shared(n, 1.0f);
    std::vector<coroutine_sync::ThreadTask> threads;
    for (unsigned tid = 0; tid < n; ++tid) threads.push_back(block_sum(shared.data(), tid, n));
    run_block(threads);
    const bool sum_ok = all_finished(threads) && shared[0] == static_cast<float>(n);
    std::printf("correct reduction: %s (sum %g)\n", sum_ok ? "match" : "not yet", shared[0]);

    // In divergent_block_sum the upper half (with the last thread) stops early: a runner that
    // listens to the last thread stops too, and leaves the lower half unfinished.
    std::fill(shared.begin(), shared.end(), 1.0f);
    threads.clear();
    for (unsigned tid = 0; tid < n; ++tid)
      threads.push_back(divergent_block_sum(shared.data(), tid, n));
    run_block(threads);
    const bool finished = all_finished(threads);
    std::printf("last thread finishing first: %s\n",
                finished ? "match (every thread finished)" : "not yet: threads left unfinished");
    const bool ok = sum_ok && finished;
    std::printf("exercise 06: %s\n", ok ? "match (the runner follows every thread)" : "not yet");
    return ok ? 0 : 1;
  });
}
#endif
