// The multiprocessor's cycle counter on the emulator: clock(), clock64() and PTX's %clock64
// count cycles at the clock rate the device reports, so a kernel that turns cycles into time
// with cudaDevAttrClockRate (or spins for a number of cycles) means what it means on the GPU.

#include "../catch.hpp"

#include <simt/launch.hpp>

#include <cstddef>
#include <vector>

#include "simt_kernels.emulated.hpp"

TEST_CASE("clock(), clock64() and %clock64 count cycles at the reported 1.98 GHz", "[sm clock]") {
  constexpr double reported_ghz = 1980000 / 1e6;  // cudaDevAttrClockRate of an H100, in kHz
  std::vector<long long> out(5, 0);
  simt::launch(1, 1, emulated::ClockCycles, out.data(), 20'000'000LL);  // a 20 ms spin
  const auto shortest = static_cast<double>(out[3]), longest = static_cast<double>(out[4]);
  REQUIRE(longest >= 20e6);
  // Each counter ran for between `shortest` and `longest` nanoseconds (timer reads on both sides
  // of its own: the host may preempt the worker between two reads, as it did in a loaded CI run
  // where reading the counters after one timer read made a correct rate look 1.05% fast). The
  // rate that range allows must come within 1% of the reported one.
  for (int counter = 0; counter < 3; ++counter) {
    const auto cycles = static_cast<double>(out[static_cast<std::size_t>(counter)]);
    INFO("counter " << counter << ": " << cycles / longest << " to " << cycles / shortest
                    << " cycles per nanosecond");
    CHECK(cycles / longest < 1.01 * reported_ghz);
    CHECK(cycles / shortest > 0.99 * reported_ghz);
  }
}
