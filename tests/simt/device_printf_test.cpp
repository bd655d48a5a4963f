// printf in a kernel (common/simt/src/device_printf.cpp): the output of each block together,
// in block order, whatever the number of workers.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <string>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "simt_kernels.emulated.hpp"

#include "capture_output.hpp"

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
