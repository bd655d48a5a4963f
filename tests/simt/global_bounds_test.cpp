// Bounds of global memory the emulator allocated (simt::GlobalArray, simt::allocate_global) or
// copied for a launch (simt::checked): an access past an end is reported with the kernel, the
// thread, the line, the allocation's size and where it was made; accesses inside run as before.

#include "../catch.hpp"
#include "../emulator_settings.hpp"
#include "../random_values.hpp"

#include <simt/global_memory.hpp>
#include <simt/launch.hpp>

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "diagnostics_kernels.emulated.hpp"
#include "planted_bug_kernels.emulated.hpp"

#include "kernel_reports.hpp"

namespace {

using Catch::Matchers::Contains;

// "global_bounds_test.cpp:N", as the emulator names the place an allocation was made.
std::string here(int line) { return "global_bounds_test.cpp:" + std::to_string(line); }

}  // namespace

TEST_CASE("A write past the end of a checked array is reported with the array's size and origin",
          "[diagnostics][global-bounds]") {
  const SettingsGuard guard;
  std::vector<float> out(1000, -1.0f);
  const int wrapped = __LINE__ + 2;
  const std::string message =
      error_of([&] { simt::launch(4, 256, emulated::WritePastTheEnd, simt::checked(out)); });
  INFO(message);
  // Element 1000 is written by thread 1000 - 3 * 256 = 232 of block 3, the first past the end.
  CHECK_THAT(message,
             Contains("out-of-bounds global memory access in kernel 'WritePastTheEnd' at " +
                      place_of("out[i] = 0.5f", kPlanted)));
  CHECK_THAT(message, Contains("thread (232, 0, 0) of block (3, 0, 0) writes 4 bytes at element "
                               "1000 (byte 4000), just past the end of an allocation of 1000 "
                               "elements of 4 bytes (4000 bytes) made by simt::checked at " +
                               here(wrapped)));
  CHECK_THAT(message, Contains("memcheck"));
}

TEST_CASE("A checked array is copied in and back, in place when two arguments are one array",
          "[diagnostics][global-bounds]") {
  const SettingsGuard guard;
  const bool diagnostics = GENERATE(true, false);
  simt::settings().diagnostics = diagnostics;
  INFO("diagnostics " << diagnostics);
  const std::vector<float> original = random_values<float>(1000, -100, 100, 7);
  std::vector<float> values = original;
  SECTION("input and output the same array") {
    simt::launch(4, 256, emulated::DoubleBounded, simt::checked(std::as_const(values)),
                 simt::checked(values), 1000);
  }
  SECTION("output an array that overlaps the input, one element on") {
    // One thread: out[0] = 2 * in[0] with out = in + 1, through one copy of both.
    std::vector<float> shifted(1001);
    std::copy(original.begin(), original.end(), shifted.begin());
    simt::launch(1, 1, emulated::DoubleBounded, simt::checked(std::as_const(shifted)),
                 simt::checked(std::span(shifted).subspan(1)), 1);
    CHECK(shifted[1] == 2.0f * original[0]);
    for (std::size_t i = 0; i < original.size(); ++i) values[i] = 2.0f * original[i];
  }
  for (std::size_t i = 0; i < original.size(); ++i) REQUIRE(values[i] == 2.0f * original[i]);
}

TEST_CASE("A checked input and a separate checked output each get a copy and the output comes back",
          "[diagnostics][global-bounds]") {
  const SettingsGuard guard;
  const std::vector<float> in = random_values<float>(256, -100, 100, 3);
  std::vector<float> out(256, 0.0f);
  simt::launch(1, 256, emulated::DoubleBounded, simt::checked(in), simt::checked(out), 256);
  for (std::size_t i = 0; i < in.size(); ++i) REQUIRE(out[i] == 2.0f * in[i]);
}

TEST_CASE("A read before the start of a GlobalArray is reported, naming where it was made",
          "[diagnostics][global-bounds]") {
  const SettingsGuard guard;
  const int made = __LINE__ + 1;
  simt::GlobalArray<float> in(32), out(32);
  const std::string message =
      error_of([&] { simt::launch(1, 32, emulated::ReadOneBefore, in.data(), out.data()); });
  INFO(message);
  CHECK_THAT(message, Contains("in kernel 'ReadOneBefore' at " + place_of("out[i] = in[i - 1];")));
  CHECK_THAT(message, Contains("thread (0, 0, 0) of block (0, 0, 0) reads 4 bytes at element -1 "
                               "(byte -4), before the start of an allocation of 32 elements of 4 "
                               "bytes (128 bytes) made by simt::GlobalArray at " +
                               here(made)));
}

TEST_CASE("A vector read that runs past the end of an allocation is reported",
          "[diagnostics][global-bounds]") {
  const SettingsGuard guard;
  // 30 floats: the eighth float4 (thread 7) has only two of its four inside.
  const int made = __LINE__ + 1;
  void* in = simt::allocate_global(30 * sizeof(float));
  std::vector<float> out(8);
  const std::string message = error_of([&] {
    simt::launch(1, 8, emulated::ReadFloat4s, static_cast<const float4*>(in), out.data());
  });
  simt::free_global(in);
  INFO(message);
  CHECK_THAT(message, Contains("thread (7, 0, 0) of block (0, 0, 0) reads 16 bytes at byte 112, "
                               "the last 8 of them past the end of an allocation of 120 bytes "
                               "made by simt::allocate_global at " +
                               here(made)));
}

TEST_CASE("An atomic past the end of an allocation is reported", "[diagnostics][global-bounds]") {
  const SettingsGuard guard;
  const int made = __LINE__ + 1;
  simt::GlobalArray<unsigned> counts(16);
  const std::string message =
      error_of([&] { simt::launch(1, 32, emulated::CountPerThread, counts.data()); });
  INFO(message);
  CHECK_THAT(message, Contains("in kernel 'CountPerThread' at an atomic function: thread (16, 0, "
                               "0) of block (0, 0, 0) updates 4 bytes at element 16 (byte 64), "
                               "just past the end of an allocation of 16 elements of 4 bytes (64 "
                               "bytes) made by simt::GlobalArray at " +
                               here(made)));
}

TEST_CASE("With diagnostics off, a write past a GlobalArray lands in its guard bytes unreported",
          "[diagnostics][global-bounds]") {
  const SettingsGuard guard;
  simt::settings().diagnostics = false;
  simt::GlobalArray<float> out(1000);
  simt::GlobalArray<float> neighbour(1000);
  simt::launch(4, 256, emulated::WritePastTheEnd, out.data());
  for (unsigned i = 0; i < 1000; ++i) REQUIRE(out[i] == 0.5f * static_cast<float>(i));
  for (unsigned i = 0; i < 1000; ++i) REQUIRE(neighbour[i] == 0.0f);
}

TEST_CASE("Global allocations are aligned as cudaMalloc's, and freeing null does nothing",
          "[global-bounds]") {
  for (const std::size_t bytes : {std::size_t{0}, std::size_t{1}, std::size_t{1000}}) {
    void* p = simt::allocate_global(bytes);
    CHECK(reinterpret_cast<std::uintptr_t>(p) % 256 == 0);
    simt::free_global(p);
  }
  simt::free_global(nullptr);
}

TEST_CASE("Memory the emulator did not allocate is not checked, and accesses inside pass",
          "[diagnostics][global-bounds]") {
  const SettingsGuard guard;
  // Allocations exist (so the check runs), but this launch's arrays are plain vectors.
  simt::GlobalArray<float> unrelated(16);
  const std::vector<float> in = random_values<float>(1024, -100, 100, 5);
  std::vector<float> out(1024);
  simt::launch(4, 256, emulated::DoubleBounded, in.data(), out.data(), 1024);
  for (std::size_t i = 0; i < in.size(); ++i) REQUIRE(out[i] == 2.0f * in[i]);
}
