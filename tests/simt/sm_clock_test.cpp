// The multiprocessor's cycle counter on the emulator: clock(), clock64() and PTX's %clock64
// count cycles at the clock rate the device reports, so a kernel that turns cycles into time
// with cudaDevAttrClockRate (or spins for a number of cycles) means what it means on the GPU.

#include "../catch.hpp"

#include <simt/launch.hpp>

#include <cmath>
#include <cstddef>
#include <vector>

#include "simt_kernels.emulated.hpp"

TEST_CASE("clock(), clock64() and %clock64 count cycles at the reported 1.98 GHz", "[sm clock]") {
  constexpr double reported_ghz = 1980000 / 1e6;  // cudaDevAttrClockRate of an H100, in kHz
  std::vector<long long> out(4, 0);
  simt::launch(1, 1, emulated::ClockCycles, out.data(), 20'000'000LL);  // a 20 ms spin
  const double nanoseconds = static_cast<double>(out[3]);
  REQUIRE(nanoseconds >= 20e6);
  // The counters are read a few instructions apart from the timer: well within 1%.
  for (int counter = 0; counter < 3; ++counter) {
    const double ghz = static_cast<double>(out[static_cast<std::size_t>(counter)]) / nanoseconds;
    INFO("counter " << counter << ": " << ghz << " cycles per nanosecond");
    CHECK(std::abs(ghz - reported_ghz) < 0.01 * reported_ghz);
  }
}
