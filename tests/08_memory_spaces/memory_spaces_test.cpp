// Chapter 08: every kernel against the chapter's CPU references on random inputs; and what the
// GPU's compiler decided about local memory. Built twice: with the chapter's CPU build
// (08_memory_spaces_tests) and its GPU build (08_memory_spaces_gpu_tests).
#include "memory_spaces.hpp"

#include "../catch.hpp"
#include "../random_values.hpp"

#include "common/random_inputs.hpp"
#include "common/verification.hpp"

#include <vector>

namespace {

using namespace memory_spaces;

// The build under test: the chapter's GPU build, or its CPU build (on the emulator).
constexpr bool on_device = TUTORIAL_TEST_ON_DEVICE;

}  // namespace

TEST_CASE("Both private histograms give each thread the sum of its squared bin counts", "[08]") {
  const int threads = GENERATE(1, 255, 1000);
  const auto values =
      random_values<unsigned>(std::size_t(threads) * kStrip, 0, 1 << 30, std::uint64_t(threads));
  const auto expected = reference_pairs_per_thread(values, threads);
  for (Histogram where : all_histograms) {
    INFO(describe(where) << ", " << threads << " threads");
    CHECK(pairs_per_thread(where, values, threads) == expected);
  }
}

TEST_CASE("The run-time indexed histogram lives in local memory, the unrolled one in registers",
          "[08]") {
  const auto local = kernel_resources(Histogram::local_memory);
  const auto registers = kernel_resources(Histogram::registers);
  if (!on_device) {
    // No compiler allocates registers for the emulator: it claims no figure.
    CHECK_FALSE(local.has_value());
    CHECK_FALSE(registers.has_value());
    return;
  }
  REQUIRE(local.has_value());
  REQUIRE(registers.has_value());
  CHECK(local->local_bytes >= kBins * sizeof(unsigned));
  CHECK(registers->local_bytes == 0);
}

TEST_CASE("Uniform and divergent reads of the constant taps give the same filter", "[08]") {
  const std::size_t outputs = GENERATE(std::size_t{1}, std::size_t{1000}, std::size_t{4099});
  const auto signal = random_values<float>(outputs + kTaps - 1, -100, 100, outputs);
  // Twice with new coefficients: each cudaMemcpyToSymbol replaces what the kernels read.
  for (std::uint64_t round = 0; round < 2; ++round) {
    const auto taps = random_values<float>(kTaps, -8, 8, outputs + round);
    const auto expected = reference_filter(taps, signal);
    for (TapAccess access : all_tap_accesses) {
      INFO(describe(access) << ", " << outputs << " outputs, round " << round);
      const FilterRun run = filter(access, taps, signal);
      CHECK(run.out == expected);
      if (on_device) {
        CHECK_FALSE(run.traffic.has_value());  // ncu counts these on the GPU (the page shows it)
        continue;
      }
      // Each warp asks once per tap. Uniform: one word per request. Divergent: each active lane
      // its own word ((step + lane) % 32 differs for every lane of a warp).
      REQUIRE(run.traffic.has_value());
      const std::uint64_t warps = (outputs + kWarp - 1) / kWarp;
      CHECK(run.traffic->requests == kTaps * warps);
      CHECK(run.traffic->words == (access == TapAccess::uniform ? kTaps * warps : kTaps * outputs));
    }
  }
}

TEST_CASE("Every sampling of the texture follows the guide's texture-fetching rules", "[08]") {
  const int size = GENERATE(16, 64);
  const int scale = GENERATE(1, 2, 4);  // output pixels per texel, along each axis
  const Image image{size, tutorial::random_floats(std::size_t(size) * size, std::uint64_t(size))};
  for (Sampling sampling : all_samplings) {
    INFO(describe(sampling) << ", " << size << "x" << size << " to " << scale * size);
    const auto out = resample(image, sampling, scale * size);
    const auto mismatch = tutorial::first_mismatch(
        out, reference_resample(image, sampling, scale * size), resample_tolerance(sampling));
    // The first differing pixel, in the failure's message (a scoped INFO inside the `if` would
    // end with it, before the assertion).
    if (mismatch)
      UNSCOPED_INFO("pixel " << mismatch->index << ": expected " << mismatch->expected << ", got "
                             << mismatch->actual);
    CHECK_FALSE(mismatch.has_value());
  }
}

TEST_CASE("Explicit copies and managed memory, prefetched or not, give the same update", "[08]") {
  const std::size_t n = GENERATE(std::size_t{1}, std::size_t{1000}, std::size_t{65537});
  const auto data = tutorial::random_floats(n, n);
  const auto expected = reference_scale(data, 4.0f, 0.25f);
  for (Transfer transfer : all_transfers) {
    INFO(describe(transfer) << ", " << n << " elements");
    CHECK(scale_in_place(transfer, data, 4.0f, 0.25f) == expected);
  }
}

TEST_CASE("The warp sums match, by the path __CUDA_ARCH__ chose", "[08]") {
  const auto values = random_values<unsigned>(threads_per_block * 3, 0, 1 << 24, 8);
  const WarpSumResult result = warp_sums(values);
  CHECK(result.sums == reference_warp_sums(values));
#if TUTORIAL_TEST_ON_DEVICE
  CHECK((result.path_taken == 0 || result.path_taken >= 800));
#else
  // The emulator compiles the kernel file for the capability it imitates (9.0 by default), and
  // reports that capability as the device's.
  const tutorial::ComputeCapability imitated = current_capability();
  CHECK(result.path_taken == imitated.major * 100 + imitated.minor * 10);
  CHECK(imitated.major == 9);
#endif
}
