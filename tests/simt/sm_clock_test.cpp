// The multiprocessor's cycle counter on the emulator: clock(), clock64() and PTX's %clock64
// count cycles at the clock rate the device reports, times the threads a worker runs one after
// another, so a kernel that turns cycles into time with cudaDevAttrClockRate (or spins for a
// number of cycles in every thread) means what it means on the GPU.

#include "../catch.hpp"

#include <simt/launch.hpp>

#include <cstddef>
#include <vector>

#include "simt_kernels.emulated.hpp"

namespace {

constexpr double reported_ghz = 1980000 / 1e6;  // cudaDevAttrClockRate of an H100, in kHz

// Each thread's counters of emulated::ClockCycles against the rate they must count at: within 1%
// of it over the shortest and the longest time each counter can have run.
void check_rates(const std::vector<long long>& out, double ghz) {
  for (std::size_t thread = 0; thread < out.size() / 5; ++thread) {
    const long long* o = out.data() + 5 * thread;
    const auto shortest = static_cast<double>(o[3]), longest = static_cast<double>(o[4]);
    for (int counter = 0; counter < 3; ++counter) {
      const auto cycles = static_cast<double>(o[counter]);
      INFO("thread " << thread << ", counter " << counter << ": " << cycles / longest << " to "
                     << cycles / shortest << " cycles per nanosecond");
      CHECK(cycles / longest < 1.01 * ghz);
      CHECK(cycles / shortest > 0.99 * ghz);
    }
  }
}

}  // namespace

TEST_CASE("clock(), clock64() and %clock64 count cycles at the reported 1.98 GHz", "[sm clock]") {
  std::vector<long long> out(5, 0);
  simt::launch(1, 1, emulated::ClockCycles, out.data(), 20'000'000LL);  // a 20 ms spin
  REQUIRE(out[4] >= 20'000'000);
  // Each counter ran for between the shortest and the longest time (timer reads on both sides
  // of its own: the host may preempt the worker between two reads, as it did in a loaded CI run
  // where reading the counters after one timer read made a correct rate look 1.05% fast). The
  // rate that range allows must come within 1% of the reported one.
  check_rates(out, reported_ghz);
}

TEST_CASE("A block's threads, run one after another, count as many cycles each as they all take",
          "[sm clock]") {
  // A worker runs a block's threads in turn where the GPU runs them side by side: each thread's
  // clock counts 1.98 GHz times the block's threads, so that a spin of C cycles in every thread
  // takes C cycles of the host's clock in all, as C cycles of the GPU's.
  const unsigned threads = GENERATE(32u, 64u);
  const unsigned blocks = 2;
  std::vector<long long> out(5 * std::size_t{threads} * blocks, 0);
  simt::launch(blocks, threads, emulated::ClockCycles, out.data(), 5'000'000LL);  // 5 ms each
  check_rates(out, reported_ghz * threads);
}
