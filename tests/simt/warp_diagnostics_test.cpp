// What the emulator reports about misused warp collectives (common/simt/src/
// warp_diagnostics.cpp): lanes a mask names that never arrive, masks that disagree, shuffles
// from lanes outside the mask or exited, tiles past the block's end.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "diagnostics_kernels.emulated.hpp"
#include "planted_bug_kernels.emulated.hpp"

#include "capture_output.hpp"
#include "kernel_reports.hpp"

using Catch::Matchers::Contains;

TEST_CASE("Lanes a shuffle's mask names that never reach it are reported with both places",
          "[diagnostics][warp]") {
  std::vector<int> out(64);
  const std::string error =
      error_of([&] { simt::launch(1, 64, emulated::ShuffleInHalfTheWarp, out.data()); });
  CHECK_THAT(error, Contains("warp collective that cannot complete in kernel "
                             "'ShuffleInHalfTheWarp'"));
  CHECK_THAT(error, Contains("threads 0-15, 32-47 wait at __shfl_down_sync(0xffffffffu, v, 8) at " +
                             place_of("__shfl_down_sync(0xffffffffu, v, 8)", kPlanted) +
                             " (mask 0xffffffff)"));
  CHECK_THAT(error, Contains("threads 16-31, 48-63 wait at __syncthreads() at " +
                             place_of("// where lanes 16-31 wait", kPlanted)));
}

TEST_CASE(
    "A shuffle that reads a lane which has exited is reported with diagnostics on, and "
    "the strict setting warns that the mask names exited lanes",
    "[diagnostics][warp]") {
  SettingsGuard guard;
  std::vector<int> in(32, 1), out(1);
  const std::string error = error_of(
      [&] { simt::launch(1, 32, emulated::ShuffleAfterEarlyReturn, in.data(), out.data(), 20); });
  CHECK_THAT(error, Contains("shuffle from a lane that does not take part, in kernel "
                             "'ShuffleAfterEarlyReturn'"));
  CHECK_THAT(error, Contains("lane 4 reads lane 20, which is not in the mask or has exited"));
  CHECK_THAT(error, Contains(place_of("__shfl_down_sync(0xffffffffu, v, offset)", kPlanted)));
  simt::settings().diagnostics = false;
  simt::settings().strict = true;
  const std::string warning = test::captured(2, [&] {
    simt::launch(1, 32, emulated::ShuffleAfterEarlyReturn, in.data(), out.data(), 20);
  });
  CHECK_THAT(warning, Contains("names threads 20-31 with mask 0xffffffff, which have exited"));
  // With every lane present the same kernel is correct: 32 ones sum to 32.
  simt::settings().diagnostics = true;
  simt::launch(1, 32, emulated::ShuffleAfterEarlyReturn, in.data(), out.data(), 32);
  CHECK(out[0] == 32);
}

TEST_CASE("A shuffle that reads a lane outside its mask is reported", "[diagnostics][warp]") {
  std::vector<int> out(32);
  const std::string error =
      error_of([&] { simt::launch(1, 32, emulated::ShuffleFromOutsideTheMask, out.data()); });
  CHECK_THAT(error, Contains("__shfl_sync(0x0000ffffu, v, 20) at " +
                             place_of("__shfl_sync(0x0000ffffu, v, 20)", kPlanted) +
                             " with mask 0x0000ffff: lane 0 reads lane 20"));
}

TEST_CASE("__syncwarp masks that disagree are reported with both masks", "[diagnostics][warp]") {
  std::vector<int> out(32);
  const std::string error =
      error_of([&] { simt::launch(1, 32, emulated::SyncwarpMasksDisagree, out.data()); });
  CHECK_THAT(error, Contains("warp collective masks that disagree in kernel "
                             "'SyncwarpMasksDisagree'"));
  CHECK_THAT(error,
             Contains("threads 16-31 call __syncwarp(0xffff0000u) at " +
                      place_of("__syncwarp(0xffff0000u)", kPlanted) + " with mask 0xffff0000"));
  CHECK_THAT(error,
             Contains("waits at __syncwarp(0xffffffffu) at " +
                      place_of("__syncwarp(0xffffffffu)", kPlanted) + " with mask 0xffffffff"));
}

TEST_CASE("A tile larger than a warp that runs past the end of the block is reported",
          "[diagnostics][warp]") {
  std::vector<int> out(96);
  const std::string error =
      error_of([&] { simt::launch(1, 96, emulated::TileRunsPastTheBlock, out.data()); });
  CHECK_THAT(error, Contains("invalid tile.sync() at " + place_of("  tile.sync();")));
  CHECK_THAT(error, Contains("is in a tile of 64 threads that runs past the end of the block"));
}
