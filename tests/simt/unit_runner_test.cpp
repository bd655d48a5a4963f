// The scheduler (common/simt/src/unit_runner.cpp): block, cluster and grid barriers that release
// every thread, threads that exit before a barrier, divergent barriers reported with each
// place, and results that do not depend on the order threads run in.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "diagnostics_kernels.emulated.hpp"
#include "planted_bug_kernels.emulated.hpp"
#include "simt_kernels.emulated.hpp"

#include "capture_output.hpp"
#include "kernel_reports.hpp"

using Catch::Matchers::Contains;

TEST_CASE("__syncthreads makes every thread's write visible before any thread reads", "[simt]") {
  const unsigned blocks = 3, threads = GENERATE(2u, 31u, 128u, 1024u);
  const std::size_t n = std::size_t{blocks} * threads;
  std::vector<int> in(n), scratch(n, -1), out(n, -1);
  std::iota(in.begin(), in.end(), 7);
  simt::launch(blocks, threads, emulated::RotateLeftThroughGlobal, in.data(), scratch.data(),
               out.data());
  std::size_t wrong = 0;
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < threads; ++t)
      wrong += out[b * threads + t] != 2 * in[b * threads + (t + 1) % threads];
  REQUIRE(wrong == 0);
}

TEST_CASE("A tree reduction with a barrier per level sums each block", "[simt]") {
  const unsigned threads = GENERATE(1u, 2u, 64u, 256u, 1024u), blocks = 5;
  std::vector<float> in(blocks * threads), scratch(in.size()), out(blocks, -1.0f);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 17) - 8.0f;
  simt::launch(blocks, threads, emulated::TreeSum, in.data(), scratch.data(), out.data());
  for (unsigned b = 0; b < blocks; ++b) {
    float expected = 0;
    for (unsigned t = 0; t < threads; ++t) expected += in[b * threads + t];
    CHECK(out[b] == expected);  // small integers: exact in any order
  }
}

TEST_CASE("__syncthreads_count and _and and _or agree across the block", "[simt]") {
  const unsigned threads = 100;
  std::vector<int> counts(threads, -1), ands(threads, -1), ors(threads, -1);
  simt::launch(1, threads, emulated::CountPredicates, counts.data(), ands.data(), ors.data());
  for (unsigned t = 0; t < threads; ++t) {
    CHECK(counts[t] == 34);  // 0, 3, ..., 99
    CHECK(ands[t] == 1);
    CHECK(ors[t] == 1);
  }
}

TEST_CASE("Threads that exit before a barrier no longer hold it up, as on the GPU", "[simt]") {
  // Threads 64-127 skip the barrier and exit; the GPU releases the others (an exiting thread
  // counts as arrived), and so does the emulator, whether or not its checks are on.
  const bool checks = GENERATE(false, true);
  WorkerThreads setting(0);
  simt::settings().diagnostics = checks;
  std::vector<int> out(128, 0);
  simt::launch(2, 128, emulated::BarrierSkippedByExitedThreads, out.data());
  CHECK(std::count(out.begin(), out.begin() + 64, 1) == 64);
  CHECK(std::count(out.begin() + 64, out.end(), 0) == 64);
}

TEST_CASE("The strict setting warns when exited threads skip a barrier, citing the guide",
          "[simt]") {
  WorkerThreads setting(1);
  simt::settings().strict = true;
  std::vector<int> out(128, 0);
  const std::string warning = test::captured(
      2, [&] { simt::launch(2, 128, emulated::BarrierSkippedByExitedThreads, out.data()); });
  CHECK_THAT(warning, Catch::Matchers::Contains("in kernel 'BarrierSkippedByExitedThreads'"));
  CHECK_THAT(warning, Catch::Matchers::Contains("threads 64-127 of block (0, 0, 0) had exited"));
  CHECK_THAT(warning, Catch::Matchers::Contains("__syncthreads() at simt_kernels.cuh:"));
  CHECK_THAT(warning, Catch::Matchers::Contains("CUDA C++ Programming Guide"));
  // Once per barrier and launch, not once per block.
  CHECK(warning.find("simt: warning") == warning.rfind("simt: warning"));
  CHECK(std::count(out.begin(), out.begin() + 64, 1) == 64);
}

TEST_CASE("Threads waiting at two different barriers are reported", "[simt]") {
  std::vector<int> out(64, 0);
  try {
    simt::launch(1, 64, emulated::BarrierInBothBranches, out.data());
    FAIL("no error reported");
  } catch (const simt::KernelError& e) {
    const std::string message = e.what();
    CHECK_THAT(message, Catch::Matchers::Contains("in kernel 'BarrierInBothBranches'"));
    CHECK_THAT(message, Catch::Matchers::Contains("threads 1, 3, 5"));
    CHECK_THAT(message, Catch::Matchers::Contains("threads 0, 2, 4"));
  }
}

TEST_CASE("A block that exits without cluster.sync() does not hold the cluster barrier up",
          "[simt]") {
  // As on the GPU, a thread that exits counts as arrived at the cluster barrier too.
  std::vector<int> out(4, 0);
  WorkerThreads setting(0);
  simt::settings().strict = true;
  const std::string warning = test::captured(2, [&] {
    simt::launch(simt::LaunchConfig{4, 32, 0, {2, 1, 1}}, emulated::ClusterSyncSkippedByOneBlock,
                 out.data());
  });
  CHECK(out == std::vector<int>{1, 1, 1, 1});
  CHECK_THAT(warning, Catch::Matchers::Contains("cluster.sync()"));
}

TEST_CASE("A void __device__ helper holding the barriers computes the block sums", "[simt]") {
  const bool checks = GENERATE(false, true);
  WorkerThreads setting(0);
  simt::settings().diagnostics = checks;
  simt::settings().count_bank_conflicts = checks;
  const unsigned blocks = 6, threads = GENERATE(32u, 256u, 1024u);
  std::vector<float> in(std::size_t{blocks} * threads), out(blocks, -1.0f);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 13);
  simt::launch(simt::LaunchConfig{blocks, threads, threads * sizeof(float)},
               emulated::BlockSumThroughHelper, in.data(), out.data());
  for (unsigned b = 0; b < blocks; ++b) {
    float expected = 0;
    for (unsigned t = 0; t < threads; ++t) expected += in[std::size_t{b} * threads + t];
    CHECK(out[b] == expected);
  }
}

TEST_CASE("cta.sync() is a block barrier: 65536 elements reversed block by block", "[simt]") {
  const bool checks = GENERATE(false, true);
  WorkerThreads setting(0);
  simt::settings().diagnostics = checks;
  const unsigned blocks = 64, threads = 1024;
  std::vector<int> in(blocks * threads), out(in.size(), -1);
  std::iota(in.begin(), in.end(), 3);
  simt::launch(blocks, threads, emulated::ReverseWithThreadBlockSync, in.data(), out.data());
  std::size_t wrong = 0;
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < threads; ++t)
      wrong += out[b * threads + t] != in[b * threads + threads - 1 - t];
  CHECK(wrong == 0);
}

TEST_CASE("Surplus threads that return before __syncthreads() do not stop the others", "[simt]") {
  const bool checks = GENERATE(false, true);
  WorkerThreads setting(0);
  simt::settings().diagnostics = checks;
  const int n = GENERATE(1, 200, 256, 1000);
  const unsigned threads = 256, blocks = static_cast<unsigned>((n + 255) / 256);
  std::vector<int> in(static_cast<std::size_t>(n)), out(in.size(), -1);
  std::iota(in.begin(), in.end(), 1);
  simt::launch(blocks, threads, emulated::AddNeighbourWithEarlyReturn, in.data(), out.data(), n);
  std::size_t wrong = 0;
  for (int i = 0; i < n; ++i) {
    const bool has_right = (i % 256) + 1 < 256 && i + 1 < n;
    wrong +=
        out[static_cast<std::size_t>(i)] !=
        in[static_cast<std::size_t>(i)] + (has_right ? in[static_cast<std::size_t>(i) + 1] : 0);
  }
  CHECK(wrong == 0);
}

TEST_CASE("grid.sync() waits for every block of a cooperative launch", "[simt]") {
  const unsigned blocks = 8, threads = 32;
  std::vector<int> data(blocks * threads, 0), out(blocks * threads, 0);
  simt::LaunchConfig config{blocks, threads};
  config.cooperative = true;
  simt::launch(config, emulated::ReadAnotherBlockAfterGridSync, data.data(), out.data());
  std::size_t wrong = 0;
  for (unsigned i = 0; i < blocks * threads; ++i)
    wrong += out[i] != static_cast<int>(((i + threads) % (blocks * threads)) / threads) + 1;
  CHECK(wrong == 0);

  SECTION("without a cooperative launch it is refused, naming the barrier") {
    config.cooperative = false;
    try {
      simt::launch(config, emulated::ReadAnotherBlockAfterGridSync, data.data(), out.data());
      FAIL("no error reported");
    } catch (const simt::KernelError& e) {
      CHECK_THAT(e.what(), Catch::Matchers::Contains("grid.sync() at simt_kernels.cuh:"));
      CHECK_THAT(e.what(), Catch::Matchers::Contains("needs a cooperative launch"));
    }
  }
  SECTION("with more blocks than an H100 keeps resident, the launch is refused") {
    config.grid = simt::Dim3(132 * 64 + 1);
    CHECK_THROWS_AS(
        simt::launch(config, emulated::ReadAnotherBlockAfterGridSync, data.data(), out.data()),
        simt::LaunchError);
  }
}

TEST_CASE("Threads that skip a barrier and exit are reported only by the strict setting",
          "[diagnostics]") {
  // Half a warp (48) or whole warps (32) skip the barrier: the GPU releases the others, since
  // exited threads count as arrived (compute-sanitizer's synccheck flags the half-warp case).
  const bool strict = GENERATE(false, true);
  SettingsGuard guard;
  simt::settings().strict = strict;
  std::vector<int> out(128);
  CHECK(error_of([&] { simt::launch(1, 128, emulated::BarrierForFirst48, out.data()); }).empty());
  CHECK(error_of([&] { simt::launch(1, 128, emulated::BarrierForFirst32, out.data()); }).empty());
  CHECK(std::count(out.begin(), out.end(), 1) == 128);
}

TEST_CASE("Correct kernels give identical results in shuffled thread orders", "[diagnostics]") {
  SettingsGuard guard;
  // A template kernel of the generated header (TransposeTile<33>) would be instantiated here and
  // in bank_counters_test.cpp: GCC 12 with the sanitizers then fails to link the two copies of
  // its sites (a source_location in a discarded COMDAT group); a block reversal through shared
  // memory reads other threads' writes as well.
  const unsigned blocks = 4, threads = 256;
  std::vector<int> in(blocks * threads), reference(in.size()), out(in.size());
  std::iota(in.begin(), in.end(), 5);
  simt::launch(blocks, threads, emulated::ReverseWithThreadBlockSync, in.data(), reference.data());
  for (std::size_t i = 0; i < in.size(); ++i)
    REQUIRE(reference[i] == in[i - i % threads + threads - 1 - i % threads]);
  std::vector<int> counts(3);
  for (std::uint64_t seed : {1ull, 2ull, 99ull}) {
    simt::settings().shuffle_seed = seed;
    simt::launch(blocks, threads, emulated::ReverseWithThreadBlockSync, in.data(), out.data());
    CHECK(out == reference);
    simt::launch(3, 256, emulated::SharedCounterWithAtomics, counts.data());
    CHECK(counts == std::vector<int>{256, 256, 256});
  }
}

TEST_CASE("A divergent barrier names each barrier as the kernel writes it", "[diagnostics]") {
  std::vector<int> out(64);
  const std::string message =
      error_of([&] { simt::launch(1, 64, emulated::ThreadBlockSyncOnOneSide, out.data()); });
  CHECK_THAT(message, Contains("divergent barrier in kernel 'ThreadBlockSyncOnOneSide'"));
  CHECK_THAT(message, Contains("wait at cta.sync() at " + place_of("// the odd threads")));
  CHECK_THAT(message, Contains("wait at __syncthreads() at " + place_of("// the even threads")));
}
