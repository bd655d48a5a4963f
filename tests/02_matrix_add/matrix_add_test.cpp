// Chapter 02 kernels against a CPU reference, and the thread-ID rule. Built twice: with the
// chapter's CPU build (02_matrix_add_tests) and with its GPU build (02_matrix_add_gpu_tests).
#include "matrix_add.hpp"

#include "../catch.hpp"
#include "common/random_inputs.hpp"

#include <cmath>
#include <stdexcept>
#include <vector>

namespace {

using matrix_add::Variant;

void check_against_reference(Variant variant, int rows, int cols) {
  const auto count = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  const std::vector<float> a = tutorial::random_floats(count, 3000 + count);
  const std::vector<float> b = tutorial::random_floats(count, 4000 + count);
  std::vector<float> c(count, std::nanf(""));
  matrix_add::add(variant, a, b, c, rows, cols);
  const std::vector<float> expected = matrix_add::reference_add(a, b);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < count; ++i) wrong += !(c[i] == expected[i]);
  INFO(rows << " x " << cols);
  REQUIRE(wrong == 0);
}

}  // namespace

TEST_CASE("MatAddOneBlock adds N x N matrices for N up to 32", "[02]") {
  const int n = GENERATE(1, 5, 16, 31, 32);
  check_against_reference(Variant::one_block, n, n);
}

TEST_CASE("MatAddOneBlock refuses N x N above 1024 threads and non-square shapes", "[02]") {
  std::vector<float> a(33 * 33), b(33 * 33), c(33 * 33);
  REQUIRE_THROWS_AS(matrix_add::add(Variant::one_block, a, b, c, 33, 33), std::invalid_argument);
  std::vector<float> a2(4 * 8), b2(4 * 8), c2(4 * 8);
  REQUIRE_THROWS_AS(matrix_add::add(Variant::one_block, a2, b2, c2, 4, 8), std::invalid_argument);
}

TEST_CASE(
    "MatAdd and MatAddFloat4 and MatAddTransposedIndex add square and non-square and odd shapes",
    "[02]") {
  const auto variant = GENERATE(Variant::coalesced, Variant::vectorized, Variant::transposed);
  const auto shape =
      GENERATE(std::pair{1, 1}, std::pair{1, 31}, std::pair{31, 1}, std::pair{16, 16},
               std::pair{17, 33}, std::pair{1024, 1025}, std::pair{1000, 700}, std::pair{7, 1027},
               std::pair{5, 6}, std::pair{3, 1000003}, std::pair{1024, 1024});
  check_against_reference(variant, shape.first, shape.second);
}

TEST_CASE("Thread IDs in a 3D block are x + y Dx + z Dx Dy", "[02]") {
  using Shape = matrix_add::BlockShape;
  const auto block = GENERATE(Shape{1, 1, 1}, Shape{32, 1, 1}, Shape{8, 4, 2}, Shape{3, 5, 7},
                              Shape{16, 16, 4}, Shape{1, 1, 64}, Shape{2, 512, 1});
  const std::vector<unsigned> by_id = matrix_add::thread_coordinates_by_id(block);
  REQUIRE(by_id.size() == 3 * std::size_t{block.x} * block.y * block.z);
  // Independent walk: z outermost, x innermost visits the IDs in increasing order.
  std::size_t id = 0, wrong = 0;
  for (unsigned z = 0; z < block.z; ++z)
    for (unsigned y = 0; y < block.y; ++y)
      for (unsigned x = 0; x < block.x; ++x, ++id)
        wrong += by_id[3 * id] != x || by_id[3 * id + 1] != y || by_id[3 * id + 2] != z;
  REQUIRE(wrong == 0);
}
