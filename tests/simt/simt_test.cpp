// The emulator's first layer: indices, launch limits, barriers, atomics, determinism.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <numeric>

#include <unistd.h>
#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "planted_bug_kernels.emulated.hpp"
#include "simt_kernels.emulated.hpp"

#include "capture_output.hpp"

namespace {

// Runs the test's launches on `n` worker threads, and restores the settings after it.
struct WorkerThreads : SettingsGuard {
  explicit WorkerThreads(unsigned n) { simt::settings().worker_threads = n; }
};

}  // namespace

TEST_CASE("Every thread of a 3D grid of 3D blocks sees its own indices and the launch shape",
          "[simt]") {
  const auto shape = GENERATE(std::pair{simt::Dim3(1), simt::Dim3(1)},
                              std::pair{simt::Dim3(3, 2, 2), simt::Dim3(4, 3, 2)},
                              std::pair{simt::Dim3(5, 1, 3), simt::Dim3(32, 1, 1)},
                              std::pair{simt::Dim3(2, 2, 1), simt::Dim3(1, 1, 64)});
  const auto [grid, block] = shape;
  const std::size_t threads = grid.volume() * block.volume();
  std::vector<unsigned> linear(threads, ~0u), c(12 * threads, ~0u);
  simt::launch(grid, block, emulated::WriteIndices, linear.data(), c.data());

  std::size_t global = 0, wrong = 0;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx)
        for (unsigned tz = 0; tz < block.z; ++tz)
          for (unsigned ty = 0; ty < block.y; ++ty)
            for (unsigned tx = 0; tx < block.x; ++tx, ++global) {
              const unsigned* e = &c[12 * global];
              const unsigned expected[12] = {tx,      ty,      tz,      bx,     by,     bz,
                                             block.x, block.y, block.z, grid.x, grid.y, grid.z};
              wrong += linear[global] != global || !std::equal(e, e + 12, expected);
            }
  REQUIRE(wrong == 0);
}

TEST_CASE("The emulator refuses launches the GPU refuses", "[simt]") {
  std::vector<unsigned> a(4096), b(12 * 4096);
  CHECK_THROWS_AS(simt::launch(1, 1025, emulated::WriteIndices, a.data(), b.data()),
                  simt::LaunchError);
  CHECK_THROWS_AS(simt::launch(1, simt::Dim3(1, 1, 65), emulated::WriteIndices, a.data(), b.data()),
                  simt::LaunchError);
  CHECK_THROWS_AS(simt::launch(0, 32, emulated::WriteIndices, a.data(), b.data()),
                  simt::LaunchError);
  CHECK_THROWS_AS(simt::launch(simt::Dim3(1, 65536), 1, emulated::WriteIndices, a.data(), b.data()),
                  simt::LaunchError);
  simt::LaunchConfig too_much_shared{1, 32, 232449};
  CHECK_THROWS_AS(simt::launch(too_much_shared, emulated::WriteIndices, a.data(), b.data()),
                  simt::LaunchError);
}

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

TEST_CASE("Global atomics from many blocks on several CPU threads lose no update", "[simt]") {
  const unsigned workers = GENERATE(1u, 2u, 4u);
  WorkerThreads setting(workers);
  int counter = 0;
  float sum = 0;
  std::vector<unsigned> bins(4, 0);
  simt::launch(257, 128, emulated::CountWithAtomics, &counter, &sum, bins.data());
  CHECK(counter == 257 * 128);
  CHECK(sum == 257 * 128 * 0.5f);  // halves of small counts are exact in float
  for (unsigned b : bins) CHECK(b == 257 * 32);
}

TEST_CASE("Results do not depend on the number of worker threads", "[simt]") {
  const unsigned blocks = 64, threads = 256;
  std::vector<float> in(blocks * threads);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = 1.0f / static_cast<float>(i + 1);
  std::vector<std::vector<float>> results;
  for (unsigned workers : {1u, 2u, 3u, 8u}) {
    WorkerThreads setting(workers);
    std::vector<float> scratch(in.size()), out(blocks);
    simt::launch(blocks, threads, emulated::TreeSum, in.data(), scratch.data(), out.data());
    results.push_back(out);
  }
  for (const auto& r : results) CHECK(r == results.front());
}

TEST_CASE("Shared-memory atomics count every thread", "[simt]") {
  const unsigned blocks = 4, threads = 200;
  std::vector<unsigned> out(blocks * 8, 0);
  simt::launch(blocks, threads, emulated::SharedHistogram, out.data());
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned k = 0; k < 8; ++k) CHECK(out[b * 8 + k] == (threads / 8));  // 200 = 25 * 8
}

TEST_CASE("Cluster rank and shape follow the position of the block in its cluster", "[simt]") {
  const auto cluster = GENERATE(simt::Dim3(1, 1), simt::Dim3(2, 1), simt::Dim3(4, 1),
                                simt::Dim3(2, 2), simt::Dim3(1, 4), simt::Dim3(8, 1));
  const simt::Dim3 grid(8, 4), block(4, 2);
  std::vector<unsigned> out(8 * grid.volume(), ~0u);
  simt::LaunchConfig config{grid, block, 0, cluster};
  simt::launch(config, emulated::DescribeCluster, out.data());
  std::size_t wrong = 0;
  for (unsigned by = 0; by < grid.y; ++by)
    for (unsigned bx = 0; bx < grid.x; ++bx) {
      const unsigned* o = &out[8 * (bx + by * grid.x)];
      const unsigned cx = bx % cluster.x, cy = by % cluster.y;
      const unsigned expected[8] = {cx + cy * cluster.x,
                                    static_cast<unsigned>(cluster.volume()),
                                    static_cast<unsigned>(cluster.volume() * block.volume()),
                                    cluster.x,
                                    cluster.y,
                                    cx,
                                    cy,
                                    (bx + by * grid.x) * static_cast<unsigned>(block.volume())};
      wrong += !std::equal(o, o + 8, expected);
    }
  REQUIRE(wrong == 0);
}

TEST_CASE("Distributed shared memory passes values and atomics between the blocks of a cluster",
          "[simt]") {
  const unsigned cluster_size = GENERATE(1u, 2u, 4u, 8u, 16u);
  const unsigned blocks = 16, threads = 64;
  std::vector<unsigned> out(blocks * threads + blocks, ~0u);
  simt::LaunchConfig config{blocks, threads, threads * sizeof(unsigned), {cluster_size, 1, 1}};
  config.non_portable_cluster_size_allowed = cluster_size > 8;
  simt::launch(config, emulated::PassRankAroundCluster, out.data());
  std::size_t wrong = 0;
  for (unsigned b = 0; b < blocks; ++b) {
    const unsigned rank = b % cluster_size, next = (rank + 1) % cluster_size;
    for (unsigned t = 0; t < threads; ++t) wrong += out[b * threads + t] != next * 1000 + t;
    // Each block's slot 0 was incremented once by every thread of the previous block.
    wrong += out[blocks * threads + b] != rank * 1000 + threads;
  }
  REQUIRE(wrong == 0);
}

TEST_CASE("Cluster launches the GPU refuses are refused", "[simt]") {
  std::vector<unsigned> out(1024);
  CHECK_THROWS_AS(
      simt::launch(simt::LaunchConfig{6, 32, 0, {4, 1, 1}}, emulated::DescribeCluster, out.data()),
      simt::LaunchError);  // 6 blocks are not whole clusters of 4
  CHECK_THROWS_AS(simt::launch(simt::LaunchConfig{16, 32, 0, {16, 1, 1}}, emulated::DescribeCluster,
                               out.data()),
                  simt::LaunchError);  // 16 needs the non-portable attribute
  CHECK_THROWS_AS(
      simt::launch(simt::LaunchConfig{32, 32, 0, {0, 1, 1}}, emulated::DescribeCluster, out.data()),
      simt::LaunchError);
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

TEST_CASE("Device printf output comes block by block whatever the number of workers", "[simt]") {
  std::string expected;
  for (unsigned b = 0; b < 5; ++b)
    for (unsigned t = 0; t < 3; ++t)
      expected += "block " + std::to_string(b) + " thread " + std::to_string(t) + "\n";
  for (unsigned workers : {1u, 2u, 5u}) {
    WorkerThreads setting(workers);
    CHECK(test::captured(1, [] { simt::launch(5, 3, emulated::PrintFromEveryThread); }) ==
          expected);
  }
}

// The constructs of the guide that used to need markers or could not run at all.

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

TEST_CASE("Threads counting in different bytes of one word do not race", "[simt]") {
  WorkerThreads setting(0);  // diagnostics on: races are checked byte by byte
  const unsigned blocks = 3, threads = GENERATE(64u, 1024u);
  std::vector<unsigned> out(blocks, 0);
  simt::launch(blocks, threads, emulated::CountInOwnBytes, out.data());
  unsigned expected = 0;
  for (unsigned t = 0; t < threads; ++t) expected += t % 5;
  CHECK(out == std::vector<unsigned>(blocks, expected));
}

TEST_CASE("Every CUDA atomic does what the guide says, from every thread of a grid", "[simt]") {
  const unsigned blocks = 5, threads = 64, n = blocks * threads;
  std::vector<int> ints{0, 0, 1 << 30, -1};
  std::vector<unsigned> words{~0u, 0u, 0u, 0u, 0u, 3u, 0u};
  std::vector<unsigned long long> wide{0};
  float sum = 0;
  simt::launch(blocks, threads, emulated::EveryAtomic, ints.data(), words.data(), wide.data(),
               &sum);
  const int total = static_cast<int>(n * (n - 1) / 2);
  CHECK(ints == std::vector<int>{total, -total, 0, static_cast<int>(n) - 1});
  CHECK(words[0] == 0u);                  // every bit cleared by some thread
  CHECK(words[1] == ~0u);                 // every bit set
  CHECK(words[2] == 0u);                  // each bit flipped n / 32 = 10 times
  CHECK(words[3] == n % 10);              // counts 0..9 round and round
  CHECK(words[4] == (10 - n % 10) % 10);  // counts 9..0 round and round
  CHECK(words[5] == 7u);
  CHECK(words[6] >= 1u);  // some thread's t + 1, set once
  CHECK(words[6] <= n);
  CHECK(wide[0] == n);
  CHECK(sum == 0.5f * static_cast<float>(n));
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
