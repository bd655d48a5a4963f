// The emulator's first layer: indices, launch limits, barriers, atomics, determinism.
#include "../catch.hpp"

#include <simt/kernel.hpp>
#include <simt/launch.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <numeric>

#include <unistd.h>
#include <string>
#include <vector>

namespace emulated {
#include "simt_kernels.cuh"
}  // namespace emulated

namespace {

// Restores the emulator's settings after a test changes them.
struct WorkerThreads {
  explicit WorkerThreads(unsigned n) : saved(simt::settings()) {
    simt::settings().worker_threads = n;
  }
  ~WorkerThreads() { simt::settings() = saved; }
  simt::Settings saved;
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

TEST_CASE("A barrier that some threads skip by exiting is reported instead of computed", "[simt]") {
  std::vector<int> out(128, 0);
  try {
    simt::launch(2, 128, emulated::BarrierSkippedByExitedThreads, out.data());
    FAIL("no error reported");
  } catch (const simt::KernelError& e) {
    const std::string message = e.what();
    CHECK_THAT(message, Catch::Matchers::Contains("divergent barrier"));
    CHECK_THAT(message, Catch::Matchers::Contains(
                            "in kernel 'void emulated::BarrierSkippedByExitedThreads(int*)'"));
    CHECK_THAT(message, Catch::Matchers::Contains("block (0, 0, 0)"));
    CHECK_THAT(message, Catch::Matchers::Contains(
                            "threads 0-63 wait at __syncthreads() at simt_kernels.cuh:"));
    CHECK_THAT(message, Catch::Matchers::Contains("threads 64-127 have exited"));
  }
}

TEST_CASE("Threads waiting at two different barriers are reported", "[simt]") {
  std::vector<int> out(64, 0);
  try {
    simt::launch(1, 64, emulated::BarrierInBothBranches, out.data());
    FAIL("no error reported");
  } catch (const simt::KernelError& e) {
    const std::string message = e.what();
    CHECK_THAT(message,
               Catch::Matchers::Contains("in kernel 'void emulated::BarrierInBothBranches(int*)'"));
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

TEST_CASE("Static shared memory is private to each block", "[simt]") {
  const unsigned blocks = 6, threads = 256;
  std::vector<int> in(blocks * threads), out(in.size(), -1);
  std::iota(in.begin(), in.end(), 0);
  simt::launch(blocks, threads, emulated::ReverseInStaticShared, in.data(), out.data());
  std::size_t wrong = 0;
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < threads; ++t)
      wrong += out[b * threads + t] != in[b * threads + threads - 1 - t] + static_cast<int>(b);
  REQUIRE(wrong == 0);
}

TEST_CASE("Dynamic shared memory and 2D and scalar static shared variables work together",
          "[simt]") {
  const unsigned blocks = 3, threads = 128;
  std::vector<float> in(blocks * threads), out(blocks * 5, -1.0f);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<float>(i % 7);
  simt::LaunchConfig config{blocks, threads, threads * sizeof(float)};
  simt::launch(config, emulated::SumColumnsInSharedMemory, in.data(), out.data());
  for (unsigned b = 0; b < blocks; ++b) {
    for (unsigned r = 0; r < 4; ++r) {
      float expected = 0;
      for (unsigned t = r; t < threads; t += 4) expected += 2.0f * in[b * threads + t];
      CHECK(out[b * 5 + r] == expected);
    }
    CHECK(out[b * 5 + 4] == static_cast<float>(threads));
  }
}

TEST_CASE("Unwritten shared memory reads as poison", "[simt]") {
  std::vector<float> out(32, 0.0f);
  simt::LaunchConfig config{1, 32, 32 * sizeof(float)};
  simt::launch(config, emulated::ReadUnwrittenShared, out.data());
  for (float v : out) CHECK(std::isnan(v));
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

TEST_CASE("A cluster barrier that one block skips is reported", "[simt]") {
  std::vector<int> out(4, 0);
  try {
    simt::launch(simt::LaunchConfig{4, 32, 0, {2, 1, 1}}, emulated::ClusterSyncSkippedByOneBlock,
                 out.data());
    FAIL("no error reported");
  } catch (const simt::KernelError& e) {
    const std::string message = e.what();
    CHECK_THAT(message, Catch::Matchers::Contains("ClusterSyncSkippedByOneBlock"));
    CHECK_THAT(message, Catch::Matchers::Contains("wait at cluster.sync()"));
    CHECK_THAT(message, Catch::Matchers::Contains("block (1, 0, 0): threads 0-31 have exited"));
  }
}

TEST_CASE("Device printf output comes block by block whatever the number of workers", "[simt]") {
  std::string expected;
  for (unsigned b = 0; b < 5; ++b)
    for (unsigned t = 0; t < 3; ++t)
      expected += "block " + std::to_string(b) + " thread " + std::to_string(t) + "\n";
  for (unsigned workers : {1u, 2u, 5u}) {
    WorkerThreads setting(workers);
    std::fflush(stdout);
    char name[] = "/tmp/simt-printf-XXXXXX";
    const int fd = mkstemp(name);
    const int saved = dup(1);
    dup2(fd, 1);
    simt::launch(5, 3, emulated::PrintFromEveryThread);
    std::fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(fd);
    std::ifstream in(name);
    const std::string printed((std::istreambuf_iterator<char>(in)),
                              std::istreambuf_iterator<char>());
    std::remove(name);
    CHECK(printed == expected);
  }
}
