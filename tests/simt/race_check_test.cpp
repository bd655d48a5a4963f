// The race checks (common/simt/src/race_check.cpp): two threads of a block touching the same
// shared bytes in one barrier interval, at least one writing and not both atomically, are
// reported with both places; what a barrier, an atomic or a byte apart orders is not.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <numeric>
#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "diagnostics_kernels.emulated.hpp"
#include "planted_bug_kernels.emulated.hpp"
#include "simt_kernels.emulated.hpp"

#include "kernel_reports.hpp"

using Catch::Matchers::Contains;

TEST_CASE("A reduction missing a barrier is reported as a shared-memory race", "[diagnostics]") {
  std::vector<float> in(256, 1.0f), out(2, 0.0f);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{2, 128, 128 * sizeof(float)}, emulated::ReductionMissingBarrier,
                 in.data(), out.data());
  });
  INFO(message);
  CHECK_THAT(message, Contains("shared-memory race in kernel 'ReductionMissingBarrier'"));
  CHECK_THAT(message, Contains("block (0, 0, 0)"));
  CHECK_THAT(message,
             Contains("in barrier interval 1 (after __syncthreads() at planted_bug_kernels.cuh:"));
  // Without the barrier the loop is one interval: thread 0 runs it first and reads sdata[1]
  // (at s = 1); thread 1 then writes sdata[1] (at s = 64).
  CHECK_THAT(message,
             Contains("thread 0 read 'sdata' + 4 bytes (dynamic shared memory, offset 4)"));
  CHECK_THAT(message, Contains("thread 1 writes it"));
}

TEST_CASE("A race through the warp matrix functions names the calls' lines", "[diagnostics]") {
  std::vector<float> out(256, 0.0f);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{1, 64}, emulated::WarpMatrixTileRace, out.data());
  });
  INFO(message);
  CHECK_THAT(message, Contains("shared-memory race in kernel 'WarpMatrixTileRace'"));
  // Lane 0 of warp 0 stores its first element (the tile's first) at the store_matrix_sync;
  // lane 0 of warp 1, thread 32, reads it at the load_matrix_sync.
  CHECK_THAT(message, Contains("thread 0 wrote 'tile' + 0 bytes (static shared memory, offset 0) "
                               "at " +
                               place_of("wmma::store_matrix_sync(tile, acc",
                                        "diagnostics_kernels.cuh", "WarpMatrixTileRace")));
  CHECK_THAT(message, Contains("thread 32 reads it at " +
                               place_of("wmma::load_matrix_sync(acc, tile",
                                        "diagnostics_kernels.cuh", "WarpMatrixTileRace")));
}

TEST_CASE("The same race is reported identically whatever the thread order", "[diagnostics]") {
  SettingsGuard guard;
  std::vector<float> in(128, 1.0f), out(1, 0.0f);
  const auto run = [&] {
    return error_of([&] {
      simt::launch(simt::LaunchConfig{1, 128, 128 * sizeof(float)},
                   emulated::ReductionMissingBarrier, in.data(), out.data());
    });
  };
  const std::string in_order = run();
  simt::settings().shuffle_seed = 7;
  const std::string shuffled = run();
  CHECK_THAT(in_order, Contains("shared-memory race"));
  CHECK_THAT(shuffled, Contains("shared-memory race"));
  CHECK_THAT(shuffled, Contains("'sdata'"));
}

TEST_CASE("Shared atomics from every thread are not a race", "[diagnostics]") {
  std::vector<int> out(3, 0);
  simt::launch(3, 256, emulated::SharedCounterWithAtomics, out.data());
  CHECK(out == std::vector<int>{256, 256, 256});
}

TEST_CASE("Two threads writing the same byte are reported, byte by byte", "[diagnostics]") {
  std::vector<unsigned> out(64);
  const std::string message =
      error_of([&] { simt::launch(1, 64, emulated::TwoThreadsWriteOneByte, out.data()); });
  CHECK_THAT(message, Contains("shared-memory race in kernel 'TwoThreadsWriteOneByte'"));
  CHECK_THAT(message, Contains("thread 0 wrote 'bytes' + 0 bytes"));
  CHECK_THAT(message, Contains("thread 1 writes it"));
}

TEST_CASE("A race inside a __device__ helper with a barrier names the helper's lines",
          "[diagnostics]") {
  std::vector<int> out(64);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{1, 64, 64 * sizeof(int)}, emulated::RaceInsideHelper,
                 out.data());
  });
  INFO(message);
  CHECK_THAT(message, Contains("shared-memory race in kernel 'RaceInsideHelper'"));
  // The interval began at the helper's barrier, and both accesses are the helper's `+=` line.
  const std::string add = place_of("// reads a neighbour's element");
  CHECK_THAT(message,
             Contains("(after __syncthreads() at " + place_of("// the helper's barrier") + ")"));
  CHECK_THAT(message, Contains("at " + add + " and thread"));
  CHECK_THAT(message, Contains("it at " + add));
}

TEST_CASE("A volatile warp tail without __syncwarp is a race: lanes are not run in lockstep",
          "[diagnostics][warp]") {
  std::vector<float> in(128, 1.0f), out(2);
  const std::string error = error_of(
      [&] { simt::launch(2, 64, emulated::WarpTailWithoutSyncwarp, in.data(), out.data()); });
  CHECK_THAT(error, Contains("shared-memory race in kernel 'WarpTailWithoutSyncwarp'"));
  CHECK_THAT(error,
             Contains("thread 1 writes it at " + place_of("v[t] = v[t] + v[t + 32];", kPlanted)));
  CHECK_THAT(error, Contains("A __syncwarp() between the two accesses orders them"));
}

TEST_CASE("A read before another thread's write in one interval is reported as a race",
          "[diagnostics]") {
  std::vector<int> out(64, 0);
  const std::string message =
      error_of([&] { simt::launch(1, 64, emulated::ReadNeighbourWithoutBarrier, out.data()); });
  INFO(message);
  CHECK_THAT(message, Contains("shared-memory race in kernel 'ReadNeighbourWithoutBarrier'"));
  CHECK_THAT(message, !Contains("uninitialised"));
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
