// Reads of shared memory no thread wrote (common/simt/src/initialisation_check.cpp), in the
// block and in a peer block of the cluster, and the writes that count as writes.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "diagnostics_kernels.emulated.hpp"
#include "planted_bug_kernels.emulated.hpp"

#include "kernel_reports.hpp"

using Catch::Matchers::Contains;

TEST_CASE("A read of shared memory no thread wrote names the line, the thread and the variable",
          "[diagnostics]") {
  std::vector<float> in(32, 1.5f), out(32, 0.0f);
  const std::string message = error_of(
      [&] { simt::launch(1, 32, emulated::ReadSharedNoThreadWrote, in.data(), out.data()); });
  INFO(message);
  CHECK_THAT(message, Contains("read of uninitialised shared memory in kernel "
                               "'ReadSharedNoThreadWrote'"));
  CHECK_THAT(message, Contains(place_of("out[threadIdx.x] = tile[threadIdx.x + 16]", kPlanted)));
  // Threads 0-15 read elements 16-31, which only threads 16-31 would have written.
  CHECK_THAT(message, Contains("thread 0 of block (0, 0, 0) reads 4 bytes at 'tile' + 64 bytes"));
  CHECK_THAT(message, Contains("which no thread of the block had written"));
}

TEST_CASE("A read of a peer block's shared memory that no thread of it wrote names the peer",
          "[diagnostics][cluster]") {
  std::vector<unsigned> out(2 * 32, 0);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{2, 32, 32 * sizeof(unsigned), {2, 1, 1}},
                 emulated::ReadPeerNoThreadWrote, out.data());
  });
  INFO(message);
  CHECK_THAT(message, Contains("read of uninitialised shared memory in kernel "
                               "'ReadPeerNoThreadWrote'"));
  CHECK_THAT(
      message,
      Contains(place_of("out[blockIdx.x * blockDim.x + threadIdx.x] = theirs[threadIdx.x]")));
  CHECK_THAT(message, Contains("thread 0 of block (0, 0, 0) reads 4 bytes"));
  CHECK_THAT(message, Contains("of block (1, 0, 0), which no thread of that block had written"));
  CHECK_THAT(message, Contains("cluster.sync()"));
}

TEST_CASE("Shared memory written by atomics, member by member or by += is not reported unwritten",
          "[diagnostics]") {
  std::vector<int> out(64, 0);
  simt::launch(1, 64, emulated::SharedWrittenOtherThanByStores, out.data());
  // flags -1, value 63 - t, sums 2: an independent sum per thread.
  for (int t = 0; t < 64; ++t) {
    INFO("thread " << t);
    CHECK(out[t] == -1 + (63 - t) + 2);
  }
}
