// The layout of a block's shared memory (common/simt/src/shared_layout.cpp): static variables
// private to each block, dynamic shared memory after them, poison in what no thread wrote, and
// an access past the launch's dynamic bytes reported.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <cmath>
#include <numeric>
#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "diagnostics_kernels.emulated.hpp"
#include "simt_kernels.emulated.hpp"

#include "kernel_reports.hpp"

using Catch::Matchers::Contains;

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

TEST_CASE("With checks off, unwritten shared memory reads as poison", "[simt]") {
  SettingsGuard guard;
  simt::settings().diagnostics = false;
  std::vector<float> out(32, 0.0f);
  simt::LaunchConfig config{1, 32, 32 * sizeof(float)};
  simt::launch(config, emulated::ReadUnwrittenShared, out.data());
  for (float v : out) CHECK(std::isnan(v));
}

TEST_CASE("Writing past the dynamic shared memory of the launch is reported", "[diagnostics]") {
  std::vector<int> out(64);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{1, 64, 64 * sizeof(int)}, emulated::WritePastDynamicShared,
                 out.data());
  });
  CHECK_THAT(message,
             Contains("out-of-bounds shared memory access in kernel 'WritePastDynamicShared' at " +
                      place_of("smem[threadIdx.x + 1] = 1;")));
  CHECK_THAT(message,
             Contains("thread 63 of block (0, 0, 0) writes 4 bytes at byte 256 of 'smem'"));
  CHECK_THAT(message, Contains("past the 256 bytes of dynamic shared memory"));
}

TEST_CASE("Mapping a rank outside the cluster is reported", "[diagnostics]") {
  std::vector<unsigned> out(32);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{4, 32, 32 * sizeof(unsigned), {4, 1, 1}},
                 emulated::MapRankOutsideCluster, out.data());
  });
  CHECK_THAT(message, Contains("map_shared_rank in kernel 'MapRankOutsideCluster'"));
  CHECK_THAT(
      message,
      Contains("thread 0 of block (0, 0, 0) asks for rank 4, outside its cluster of 4 blocks"));
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
