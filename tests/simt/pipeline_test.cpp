// cuda::pipeline's diagnostics (common/simt/src/pipeline.cpp): a consumer waiting for a stage
// never committed.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "planted_bug_kernels.emulated.hpp"

#include "kernel_reports.hpp"

using Catch::Matchers::Contains;

TEST_CASE("A pipeline consumer waiting for a stage never committed is reported",
          "[diagnostics][async]") {
  std::vector<float> in(64, 1.0f), out(64);
  const std::string error = error_of(
      [&] { simt::launch(1, 64, emulated::WaitForStageNeverCommitted, in.data(), out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("cuda::pipeline consumer waits for a stage never committed in "
                             "kernel 'WaitForStageNeverCommitted' at " +
                             place_of("producer_commit() missing above", kPlanted)));
  CHECK_THAT(error, Contains("thread 0 of block (0, 0, 0) calls consumer_wait() for stage 0 of "
                             "its pipeline, which has committed 0 stages"));
}
