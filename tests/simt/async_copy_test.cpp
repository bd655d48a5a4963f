// Asynchronous copies in flight (common/simt/src/async_copy.cpp): reading a destination before
// its copy completed is reported with the copy and what completes it.
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

TEST_CASE("A read of shared memory that memcpy_async is still copying into is reported",
          "[diagnostics][async]") {
  std::vector<float> in(64, 1.0f), out(64);
  const std::string error = error_of(
      [&] { simt::launch(1, 64, emulated::ReadBeforeCopyCompletes, in.data(), out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("shared memory read before its asynchronous copy completed in kernel "
                             "'ReadBeforeCopyCompletes' at " +
                             place_of("const float early = tile[63 - threadIdx.x];", kPlanted)));
  // Thread 0 reads tile[63], the last 4 bytes of the 256 being copied.
  CHECK_THAT(error, Contains("thread 0 of block (0, 0, 0) reads bytes 252 to 256 of the "
                             "destination of the memcpy_async at " +
                             place_of("cuda::memcpy_async(block, tile, in", kPlanted)));
  CHECK_THAT(error, Contains("completes with phase 0 of the cuda::barrier initialised at " +
                             place_of("if (block.thread_rank() == 0) init(&bar", kPlanted)));
}

TEST_CASE(
    "A warp's wait on its tile does not complete the block's copy: the read after it is "
    "reported",
    "[diagnostics][async]") {
  std::vector<float> in(64, 1.0f), out(64);
  const std::string error = error_of(
      [&] { simt::launch(1, 64, emulated::ReadBlockCopyAfterWarpWait, in.data(), out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("shared memory read before its asynchronous copy completed in kernel "
                             "'ReadBlockCopyAfterWarpWait' at " +
                             place_of("out[threadIdx.x] = tile[63 - threadIdx.x];",
                                      "diagnostics_kernels.cuh", "ReadBlockCopyAfterWarpWait")));
  CHECK_THAT(error, Contains("completes at cooperative_groups::wait(block)"));
}

TEST_CASE("wait_prior<1> on a tile leaves the tile's last copy in flight: a read of it is reported",
          "[diagnostics][async]") {
  std::vector<float> in(128, 1.0f), out(64);
  const std::string error = error_of([&] {
    simt::launch(1, 64, emulated::ReadSecondTileCopyAfterWaitPrior, in.data(), out.data());
  });
  INFO(error);
  // Thread 0 reads second[0]: the first 4 bytes of its warp's second copy (copy 1 of threads 0
  // to 31); first[0] has arrived.
  CHECK_THAT(error, Contains("thread 0 of block (0, 0, 0) reads bytes 0 to 4 of the destination "
                             "of the memcpy_async at " +
                             place_of("cg::memcpy_async(warp, second + slice",
                                      "diagnostics_kernels.cuh")));
  CHECK_THAT(error, Contains("completes at cooperative_groups::wait on its tile (threads 0 to 31 "
                             "of the block) or on the block, or at wait_prior<N> on either once N "
                             "later copies have started (this is the tile's copy 1)"));
}

TEST_CASE(
    "A thread's read of its own pipeline's stage before consumer_wait() completes it is reported",
    "[diagnostics][async]") {
  std::vector<float> in(128, 1.0f), out(64);
  const std::string error = error_of(
      [&] { simt::launch(1, 64, emulated::ReadSecondThreadStageEarly, in.data(), out.data()); });
  INFO(error);
  // Thread 0 has waited for stage 0 only: staged[0][0] has arrived, staged[1][0] (its copy in
  // stage 1) has not.
  CHECK_THAT(error, Contains("shared memory read before its asynchronous copy completed in kernel "
                             "'ReadSecondThreadStageEarly' at " +
                             place_of("out[threadIdx.x] = staged[0][threadIdx.x] + staged[1]",
                                      "diagnostics_kernels.cuh")));
  CHECK_THAT(error, Contains("thread 0 of block (0, 0, 0) reads bytes 0 to 4 of the destination "
                             "of the memcpy_async at " +
                             place_of("cuda::memcpy_async(&staged[s][threadIdx.x]",
                                      "diagnostics_kernels.cuh")));
  CHECK_THAT(error, Contains("completes with stage 1 of its cuda::pipeline"));
}
