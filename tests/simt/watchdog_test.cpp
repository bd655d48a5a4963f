// The watchdog: a launch whose GPU threads make no progress is reported (not hung), naming the
// threads that wait and where, and the one that runs and where it was last seen.

#include "../catch.hpp"
#include "../emulator_settings.hpp"
#include "../end_to_end/run_program.hpp"

#include <simt/launch.hpp>

#include <string>
#include <vector>

#include "diagnostics_kernels.emulated.hpp"
#include "planted_bug_kernels.emulated.hpp"

#include "kernel_reports.hpp"

namespace {

using Catch::Matchers::Contains;

}  // namespace

TEST_CASE("A thread that spins while the others wait at a barrier is reported, with every place",
          "[diagnostics][watchdog]") {
  const SettingsGuard guard;
  simt::settings().watchdog_seconds = 0.2;
  std::vector<int> ints(128, 0);
  const std::string message = error_of([&] {
    simt::launch(1, 64, emulated::SpinWhileOthersWaitAtBarrier, ints.data(), ints.data() + 64);
  });
  INFO(message);
  CHECK_THAT(message, Contains("no progress in kernel 'SpinWhileOthersWaitAtBarrier' for 0.2 s"));
  // Thread 0 spins before the others have run: they are run to where they wait, as on the GPU.
  CHECK_THAT(message,
             Contains("threads 1-63 wait at __syncthreads() at " +
                      place_of("__syncthreads();", kPlanted, "void SpinWhileOthersWaitAtBarrier")));
  CHECK_THAT(message, Contains("thread 0 has not arrived"));
  CHECK_THAT(message, Contains("last seen at " + place_of("while (*flag == 0) {", kPlanted)));
}

TEST_CASE("A block that waits for a block not yet started is reported with the cooperative advice",
          "[diagnostics][watchdog]") {
  const SettingsGuard guard;
  simt::settings().watchdog_seconds = 0.2;
  std::vector<int> flag(1, 0), cells(64 * 32, 0);
  const std::string message = error_of(
      [&] { simt::launch(64, 32, emulated::WaitForLastBlock, flag.data(), cells.data()); });
  INFO(message);
  CHECK_THAT(message, Contains("no progress in kernel 'WaitForLastBlock'"));
  CHECK_THAT(message,
             Contains("in block (0, 0, 0), thread 0 has run that long without reaching a "
                      "barrier or its end, last seen at " +
                      place_of("while (*flag == 0) {", kPlanted, "void WaitForLastBlock")));
  // The next thread run to see where it waits spins too; the report says so and stops there.
  CHECK_THAT(message, Contains("and so has thread 1"));
  CHECK_THAT(message, Contains("cooperative launch"));
}

TEST_CASE("The watchdog's limit is a time a thread may run alone, and 0 turns it off",
          "[diagnostics][watchdog]") {
  const SettingsGuard guard;
  std::vector<int> out(65, 0);
  // 0.2 s on the host: a thread of a 64-thread block counts 64 × 1.98 cycles a nanosecond (a
  // worker runs the block's threads one after another; see sm_clock.hpp).
  const long long busy_cycles = 64 * 400'000'000LL;
  SECTION("A thread busier than the limit is reported") {
    simt::settings().watchdog_seconds = 0.1;
    const std::string message =
        error_of([&] { simt::launch(1, 64, emulated::SlowFirstThread, out.data(), busy_cycles); });
    INFO(message);
    CHECK_THAT(message, Contains("no progress in kernel 'SlowFirstThread' for 0.1 s"));
    CHECK_THAT(message, Contains("thread 0 has not arrived"));
  }
  SECTION("With the watchdog off, or a limit above the time, the kernel completes") {
    const double limit = GENERATE(0.0, 5.0);
    simt::settings().watchdog_seconds = limit;
    INFO("limit " << limit << " s");
    simt::launch(1, 64, emulated::SlowFirstThread, out.data(), busy_cycles);
    CHECK(out[0] > 0);
    for (int t = 1; t <= 64; ++t) CHECK(out[t] == 1);
  }
  SECTION("With diagnostics off there is no watchdog") {
    simt::settings().diagnostics = false;
    simt::settings().watchdog_seconds = 0.1;
    simt::launch(1, 64, emulated::SlowFirstThread, out.data(), busy_cycles);
    for (int t = 1; t <= 64; ++t) CHECK(out[t] == 1);
  }
}

// Run only by the next test, in a process of its own: the watchdog ends that process.
TEST_CASE("(child) a thread spinning in registers", "[.watchdog-child]") {
  simt::settings().watchdog_seconds = 0.2;
  simt::settings().worker_threads = 1;
  std::vector<int> out(32, 0);
  simt::launch(1, 32, emulated::SpinInRegisters, out.data());
}

TEST_CASE("A thread that touches no memory is reported and the program ends with status 3",
          "[diagnostics][watchdog]") {
  const test::ProgramResult child =
      test::run_program("/proc/self/exe", {"(child) a thread spinning in registers"});
  INFO(child.err);
  CHECK(child.exit_code == simt::kernel_fault_exit_code);
  CHECK_THAT(child.err, Contains("simt: no progress in kernel 'SpinInRegisters'"));
  CHECK_THAT(child.err, Contains("thread 0 of block (0, 0, 0)"));
  CHECK_THAT(child.err, Contains("Ending the program with exit status 3"));
}
