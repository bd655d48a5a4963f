// cuda::barrier's diagnostics (common/simt/src/phase_barrier.cpp): a stale token, a second
// arrival in one phase, a phase a thread exits without arriving in.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "planted_bug_kernels.emulated.hpp"

#include "kernel_reports.hpp"

using Catch::Matchers::Contains;

TEST_CASE("A wait with a token two phases old is reported", "[diagnostics][async]") {
  std::vector<int> out(64);
  const std::string error =
      error_of([&] { simt::launch(1, 64, emulated::WaitWithStaleToken, out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("cuda::barrier waited on with a stale token in kernel "
                             "'WaitWithStaleToken' at " +
                             place_of("bar.wait(std::move(kept));", kPlanted)));
  CHECK_THAT(error, Contains("with the token of phase 0 of the barrier"));
  CHECK_THAT(error, Contains("which has completed 2 phases since"));
}

TEST_CASE("A thread that arrives twice in one phase is reported", "[diagnostics][async]") {
  std::vector<int> out(64);
  const std::string error =
      error_of([&] { simt::launch(1, 64, emulated::ArriveTwiceInOnePhase, out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("more arrivals at a cuda::barrier than its phase expects in kernel "
                             "'ArriveTwiceInOnePhase' at " +
                             place_of("thread 0's second arrival in phase 0", kPlanted)));
  CHECK_THAT(error, Contains("thread 0 of block (0, 0, 0) arrives a second time in phase 0"));
  CHECK_THAT(error, Contains("for 64 arrivals"));
}

TEST_CASE("A barrier phase that a thread exits without arriving in is reported",
          "[diagnostics][async]") {
  std::vector<int> out(64);
  const std::string error =
      error_of([&] { simt::launch(1, 64, emulated::ExitWithoutArriving, out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("cuda::barrier phase that never completes in kernel "
                             "'ExitWithoutArriving'"));
  CHECK_THAT(error, Contains("has 1 of its 64 arrivals missing"));
  CHECK_THAT(error, Contains("threads 1-63 wait at bar.arrive_and_wait() at " +
                             place_of("waits for thread 0's arrival", kPlanted)));
}
