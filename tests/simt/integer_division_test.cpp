// Integer division by zero (common/simt/src/integer_division.cpp): reported with checks on;
// with checks off, the H100's results for every width.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <climits>
#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "diagnostics_kernels.emulated.hpp"
#include "planted_bug_kernels.emulated.hpp"

#include "kernel_reports.hpp"

using Catch::Matchers::Contains;

TEST_CASE("An integer division by zero names the kernel, the thread and the line",
          "[diagnostics]") {
  std::vector<int> out(64, 0);
  const std::string message =
      error_of([&] { simt::launch(1, 64, emulated::DivideByZeroInOneThread, out.data(), 5); });
  INFO(message);
  CHECK_THAT(message, Contains("integer division by zero in kernel 'DivideByZeroInOneThread'"));
  CHECK_THAT(message, Contains(place_of("out[threadIdx.x] = 100 / (d - threadIdx.x)", kPlanted)));
  CHECK_THAT(message, Contains("thread (5, 0, 0) of block (0, 0, 0)"));
}

TEST_CASE("With checks off, an integer division by zero goes on as on the GPU", "[diagnostics]") {
  SettingsGuard guard;
  simt::settings().diagnostics = false;
  std::vector<int> out(64, 0);
  simt::launch(1, 64, emulated::DivideByZeroInOneThread, out.data(), 5);
  for (unsigned t = 0; t < 64; ++t) {
    INFO("thread " << t);
    // The quotient is unsigned; the H100 (nvcc 13.0 -O3) gave all ones for thread 5.
    const unsigned want = t == 5 ? 0xffffffffu : 100u / (5u - t);
    CHECK(static_cast<unsigned>(out[t]) == want);
  }
}

TEST_CASE("With checks off, divisions by zero of every width give the H100's values",
          "[diagnostics]") {
  SettingsGuard guard;
  simt::settings().diagnostics = false;
  const std::vector<long long> in = {7, 0, -1, INT_MIN, LLONG_MIN};
  std::vector<long long> out(17, 0x5a5a5a5a);
  simt::launch(1, 1, emulated::DivisionsByZero, in.data(), out.data());
  // Measured on an H100 (nvcc 13.0 -O3 -arch=sm_90) for the same expressions, 2026-11-24. C++
  // leaves them undefined; 7LL / 0 and 7ULL / 0 give 0xffffffff because nvcc divides operands
  // that fit in 32 bits with a 32-bit division.
  const std::vector<long long> h100 = {-1,         7, -1,         -7, INT_MIN, 0,
                                       0xffffffff, 7, 0xffffffff, 7,  -1,      -7,
                                       LLONG_MIN,  0, 0xffffffff, 7,  -1};
  CHECK(out == h100);
}
