// Chapter 01 kernels against a CPU reference. Built twice: with the chapter's CPU build
// (01_vector_add_tests, on the emulator) and with its GPU build (01_vector_add_gpu_tests).
#include "vector_add.hpp"

#include "../catch.hpp"
#include "common/random_inputs.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using vector_add::Variant;

// Runs `variant` on fresh random inputs and checks every element against the chapter's CPU
// reference.
void check_against_reference(Variant variant, long long n) {
  const auto count = static_cast<std::size_t>(n);
  const std::vector<float> a = tutorial::random_floats(count, 1000 + count);
  const std::vector<float> b = tutorial::random_floats(count, 2000 + count);
  std::vector<float> c(count, std::nanf(""));  // an unwritten element stays NaN and fails
  vector_add::add(variant, a, b, c);
  const std::vector<float> expected = vector_add::reference_add(a, b);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < count; ++i) wrong += !(c[i] == expected[i]);
  INFO("n = " << n);
  REQUIRE(wrong == 0);
}

}  // namespace

TEST_CASE("VecAdd with one block adds every element for N up to 1024", "[01]") {
  const long long n = GENERATE(1, 31, 32, 1000, 1024);
  check_against_reference(Variant::one_block, n);
}

TEST_CASE("VecAdd with one block refuses N above the 1024 threads of a block", "[01]") {
  std::vector<float> a(1025, 1.0f), b(1025, 2.0f), c(1025);
  REQUIRE_THROWS_AS(vector_add::add(Variant::one_block, a, b, c), std::invalid_argument);
}

TEST_CASE("VecAddBounded adds every element for sizes that are not multiples of the block",
          "[01]") {
  const long long n = GENERATE(1, 31, 255, 256, 257, 1024, 1025, 1 << 20, (1 << 20) + 3);
  check_against_reference(Variant::bounded, n);
}

TEST_CASE("VecAddFloat4 adds every element including the last n mod 4", "[01]") {
  const long long n = GENERATE(1, 2, 3, 4, 5, 31, 1024, 1025, 1027, 1 << 20, (1 << 20) + 1);
  check_against_reference(Variant::vectorized, n);
}

TEST_CASE("A launch with more threads than a block may have is reported by CUDA_CHECK",
          "[01][cuda-check]") {
  // VecAdd<<<1, N>>> refuses N > 1024 itself; the raw launch below asks for 2048, which the GPU
  // (and the emulator, as the GPU does) refuses. CUDA 13 on an H100 reports
  // cudaErrorInvalidValue ("invalid argument"); older toolkits reported
  // cudaErrorInvalidConfiguration. Either way the check names where and what.
  const std::string message = vector_add::launch_error_for_oversized_block();
  CHECK_THAT(message, Catch::Matchers::Contains("vector_add.cu:"));
  CHECK_THAT(message, Catch::Matchers::Contains("cudaGetLastError() failed: cudaErrorInvalid"));
}
