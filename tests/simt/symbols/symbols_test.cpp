// A kernel file's __device__ and __constant__ variables from the host, on the backend under
// test: written before a launch, read after it, read by a kernel through their address, and
// copies past their end refused. Results are checked against CPU loops on random inputs.
#include "symbols.hpp"

#include "../../backend_under_test.hpp"
#include "../../catch.hpp"
#include "../../random_values.hpp"

#if !TUTORIAL_TEST_ON_DEVICE
#include "symbols_kernels.emulated.hpp"

#include <simt/symbols.hpp>
#endif

#include <array>
#include <vector>

namespace {

using test::backend_under_test;

/// The filter of symbols_kernels.cuh, as a plain loop.
std::vector<float> reference_filter(const symbols::FilterSetup& s, const std::vector<float>& in) {
  const std::size_t n = in.size();
  std::vector<float> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    float sum = 0.0f;
    for (std::size_t k = 0; k < 8; ++k)
      sum += s.coefficients[k] * in[(i + static_cast<std::size_t>(s.offsets[k % 4]) + k) % n];
    out[i] = s.scale * sum;
  }
  return out;
}

symbols::FilterSetup random_setup(unsigned seed) {
  symbols::FilterSetup setup;
  const auto c = random_values<float>(8, -4, 4, seed);
  const auto o = random_values<int>(4, 0, 50, seed + 1);
  std::copy(c.begin(), c.end(), setup.coefficients.begin());
  std::copy(o.begin(), o.end(), setup.offsets.begin());
  setup.scale = random_values<float>(1, 1, 3, seed + 2)[0];
  return setup;
}

}  // namespace

TEST_CASE(
    "A kernel reads the __constant__ and __device__ variables the host wrote, and the host "
    "reads what it counted",
    "[symbols]") {
  const std::size_t n = GENERATE(1u, 1000u, 4096u);
  const auto setup = random_setup(static_cast<unsigned>(n));
  const auto in = random_values<float>(n, -10, 10, 7);
  const auto result = symbols::run_filter(backend_under_test, setup, in);
  // Small integers: every sum is exact, in any order.
  CHECK(result.out == reference_filter(setup, in));
  CHECK(result.visits == n);
  CHECK(result.coefficients == setup.coefficients);
  CHECK(result.coefficients_bytes == 8 * sizeof(float));
}

TEST_CASE("A kernel reads a __constant__ array through the address cudaGetSymbolAddress gives",
          "[symbols]") {
  const auto setup = random_setup(31);
  const auto result =
      symbols::run_filter(backend_under_test, setup, random_values<float>(64, -10, 10, 5));
  const std::vector<float> expected(setup.coefficients.begin(), setup.coefficients.end());
  CHECK(result.through_address == expected);
}

TEST_CASE("A copy that runs past a variable's end is refused and writes nothing", "[symbols]") {
  std::array<float, 8> values{};
  const auto v = random_values<float>(8, -9, 9, 3);
  std::copy(v.begin(), v.end(), values.begin());
  struct Copy {
    std::size_t bytes, offset;
  };
  const auto copy = GENERATE(Copy{36, 0}, Copy{4, 32}, Copy{8, 28}, Copy{4, 36});
  INFO(copy.bytes << " bytes at offset " << copy.offset << " of a 32-byte variable");
  const auto outcome =
      symbols::copy_into_coefficients(backend_under_test, values, copy.bytes, copy.offset);
  CHECK_FALSE(outcome.refusal.empty());
  if (backend_under_test == tutorial::Backend::emulator)
    CHECK_THAT(outcome.refusal, Catch::Matchers::Contains("run past the end of 'coefficients' "
                                                          "(32 bytes)"));
  else
    CHECK_THAT(outcome.refusal, Catch::Matchers::Contains("cudaErrorInvalidValue"));
  CHECK(outcome.coefficients == values);
}

TEST_CASE("A copy that ends at a variable's last byte is taken", "[symbols]") {
  std::array<float, 8> values{};
  const auto outcome = symbols::copy_into_coefficients(backend_under_test, values, 8, 24);
  CHECK(outcome.refusal.empty());
  std::array<float, 8> expected{};
  expected[6] = expected[7] = 99.0f;
  CHECK(outcome.coefficients == expected);
}

#if !TUTORIAL_TEST_ON_DEVICE
TEST_CASE("From C++, the emulator's copy of a variable is what simt::memcpy_to_symbol writes",
          "[symbols]") {
  const std::array<float, 8> values{1, 2, 3, 4, 5, 6, 7, 8};
  simt::memcpy_to_symbol(emulated::coefficients, values.data(), sizeof(values));
  CHECK(emulated::coefficients[7] == 8.0f);
  unsigned visits = 41;
  simt::memcpy_to_symbol(emulated::visits, &visits, sizeof(visits));
  unsigned back = 0;
  simt::memcpy_from_symbol(&back, emulated::visits, sizeof(back));
  CHECK(back == 41);
  CHECK(simt::symbol_size(emulated::gains::scale) == sizeof(float));
  const float not_a_symbol = 0;
  CHECK_THROWS_WITH(simt::memcpy_to_symbol(not_a_symbol, values.data(), 4),
                    Catch::Matchers::Contains("not a __device__ or __constant__ variable"));
}
#endif
