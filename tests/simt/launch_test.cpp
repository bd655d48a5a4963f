// Launches (common/simt/src/launch.cpp): every thread's indices and the launch shape, the
// limits the GPU enforces, cluster shapes, and results whatever the number of workers.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <utility>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "simt_kernels.emulated.hpp"

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

TEST_CASE("Each thread of a kernel without barriers changes only its own copy of a parameter",
          "[simt]") {
  // Many blocks, one and two workers: after its first block such a kernel runs as a loop.
  const unsigned workers = GENERATE(1u, 2u);
  const WorkerThreads on(workers);
  const unsigned blocks = 40, threads = 96;
  std::vector<int> out(blocks * threads, -1);
  simt::launch(blocks, threads, emulated::CountDownOwnParameter, 10, out.data());
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < out.size(); ++i) wrong += out[i] != static_cast<int>(i % 4);
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

// The workers beside the launching thread and the watchdog's thread are kept from launch to
// launch. A child of fork() has none of its parent's threads: it must start its own, and end
// (std::exit runs the static destructors) without waiting for its parent's.
TEST_CASE("A child of fork() launches on workers of its own and ends normally", "[simt]") {
  const WorkerThreads two(2);
  simt::settings().diagnostics = true;
  simt::settings().watchdog_seconds = 30;
  const unsigned blocks = 64, threads = 128;
  const auto counted_down = [&] {
    std::vector<int> out(blocks * threads, -1);
    simt::launch(blocks, threads, emulated::CountDownOwnParameter, 10, out.data());
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < out.size(); ++i) wrong += out[i] != static_cast<int>(i % 4);
    return wrong == 0;
  };
  REQUIRE(counted_down());  // the parent's workers and watchdog are running now
  std::cout.flush();        // else the child's exit would write the parent's buffered output again
  std::fflush(stdout);
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) std::exit(counted_down() && counted_down() ? 0 : 1);
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  INFO("wait status " << status);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(counted_down());  // and the parent's kept threads still serve it
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
