// Chapter 06: the __host__ __device__ reduction on the host (coroutines) and as a kernel, the
// naive runner's pitfalls, and the tracked runner's divergence report. Built twice: with the
// chapter's CPU build (06_coroutine_sync_emulation_tests, whose kernel runs on the emulator) and
// its GPU build (..._gpu_tests).
#include "coroutine_sync.hpp"

#include "../catch.hpp"

#include <cmath>
#include <numeric>
#include <string>
#include <vector>

namespace {

using coroutine_sync::Function;

std::vector<float> small_integers(unsigned n, unsigned seed) {
  std::vector<float> v(n);
  for (unsigned i = 0; i < n; ++i)
    v[i] = static_cast<float>(static_cast<int>((i * 7919u + seed * 104729u) % 17u) - 8);
  return v;
}

}  // namespace

TEST_CASE("The block reduction as a kernel equals the host coroutines and the CPU sum", "[06]") {
  const unsigned n = GENERATE(2u, 32u, 128u, 256u, 1024u);
  const std::vector<float> values = small_integers(n, n);
  const float cpu = std::accumulate(values.begin(), values.end(), 0.0f);
  const float host = coroutine_sync::run_tracked(Function::correct, values).sum;
  const float other = coroutine_sync::run_kernel(values);
  CHECK(host == cpu);
  CHECK(other == cpu);
  CHECK(coroutine_sync::run_tracked(Function::correct, std::vector<float>(128, 1.0f)).sum ==
        128.0f);
}

#if !TUTORIAL_TEST_ON_DEVICE
TEST_CASE("On a correct reduction the naive runner happens to work", "[06]") {
  const auto values = small_integers(64, 3);
  const auto run = coroutine_sync::run_naive(Function::correct, values);
  CHECK(run.sum == std::accumulate(values.begin(), values.end(), 0.0f));
  CHECK(run.resumes_of_finished == 0);
}

TEST_CASE("Pitfall 1: the naive runner follows the last thread and resumes finished ones", "[06]") {
  const auto run = coroutine_sync::run_naive(Function::last_waits_longer, small_integers(128, 1));
  // 7 barriers for everyone, one more for thread 127: a ninth round resumes 127 finished threads.
  CHECK(run.rounds == 9);
  CHECK(run.resumes_of_finished == 127);
  const auto tracked =
      coroutine_sync::run_tracked(Function::last_waits_longer, small_integers(128, 1));
  CHECK_THAT(tracked.divergence, Catch::Matchers::Contains("threads 127 wait at barrier 8"));
  CHECK_THAT(tracked.divergence, Catch::Matchers::Contains("threads 0-126 have finished"));
}

TEST_CASE(
    "Pitfall 2: a divergent barrier gives the naive runner a wrong sum and the tracked runner a "
    "report",
    "[06]") {
  const auto values = small_integers(128, 5);
  const float cpu = std::accumulate(values.begin(), values.end(), 0.0f);
  const auto naive = coroutine_sync::run_naive(Function::divergent, values);
  CHECK(naive.sum != cpu);  // silently wrong: thread 127 finished, so the loop stopped
  CHECK(naive.rounds == 2);
  const auto tracked = coroutine_sync::run_tracked(Function::divergent, values);
  CHECK_THAT(tracked.divergence, Catch::Matchers::Contains(
                                     "divergent __syncthreads(): threads 0-63 wait at barrier 2"));
  CHECK_THAT(tracked.divergence, Catch::Matchers::Contains("threads 64-127 have finished"));
}

TEST_CASE("Pitfall 3: one std::thread per GPU thread computes the sum too", "[06]") {
  const auto values = small_integers(64, 9);
  CHECK(coroutine_sync::run_with_std_threads(values) ==
        std::accumulate(values.begin(), values.end(), 0.0f));
}
#endif
