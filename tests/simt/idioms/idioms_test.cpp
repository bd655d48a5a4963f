// The idiom corpus: kernels in the styles people copy from the guide and from sample
// collections, compiled unmodified by nvcc and translated for the emulator, each checked against
// a plain CPU loop on random inputs (small integers, so that float sums are exact).
#include "idioms.hpp"

#include "../../backend_under_test.hpp"
#include "../../catch.hpp"
#include "../../random_values.hpp"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <numeric>
#include <random>
#include <utility>
#include <vector>

namespace {

using test::backend_under_test;

std::vector<unsigned> random_words(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<unsigned> v(n);
  for (unsigned& x : v) x = static_cast<unsigned>(random());
  return v;
}

}  // namespace

TEST_CASE("The reduction family sums any length on the backend under test", "[idioms]") {
  using idioms::Reduction;
  const Reduction kernel = GENERATE(Reduction::interleaved, Reduction::first_add_during_load,
                                    Reduction::unrolled_128, Reduction::unrolled_256,
                                    Reduction::unrolled_512, Reduction::multiple_per_thread_pow2,
                                    Reduction::multiple_per_thread, Reduction::single_pass);
  const std::size_t n = GENERATE(1, 255, 4096, 100000);
  const auto in = random_values<float>(n, 1, 9, n);
  double expected = 0;
  for (float v : in) expected += v;
  INFO("kernel " << static_cast<int>(kernel) << ", n " << n);
  CHECK(idioms::reduce(backend_under_test, kernel, in) == static_cast<float>(expected));
}

TEST_CASE("The SharedMemory<T> helper serves int as well as float", "[idioms]") {
  const auto in = random_values<int>(5000, -50, 50, 3);
  int expected = 0;
  for (int v : in) expected += v;
  CHECK(idioms::reduce_ints(backend_under_test, in) == expected);
}

TEST_CASE("The tiled multiply with 2D shared tiles equals the triple loop", "[idioms]") {
  const int tile = GENERATE(16, 32);
  const int hA = 2 * tile, wA = 3 * tile, wB = 4 * tile;
  const auto A = random_values<float>(static_cast<std::size_t>(hA) * wA, 0, 3, 1);
  const auto B = random_values<float>(static_cast<std::size_t>(wA) * wB, 0, 3, 2);
  const auto C = idioms::multiply(backend_under_test, tile, hA, wA, wB, A, B);
  std::size_t wrong = 0;
  for (int i = 0; i < hA; ++i)
    for (int j = 0; j < wB; ++j) {
      float sum = 0;
      for (int k = 0; k < wA; ++k) sum += A[i * wA + k] * B[k * wB + j];
      wrong += C[i * wB + j] != sum;
    }
  CHECK(wrong == 0);
}

TEST_CASE("The padded transpose with early returns handles ragged edges", "[idioms]") {
  const auto [rows, cols] =
      GENERATE(std::pair{32, 32}, std::pair{1, 100}, std::pair{70, 45}, std::pair{129, 3});
  const auto in = random_values<float>(static_cast<std::size_t>(rows) * cols, -9, 9, 5);
  const auto out = idioms::transpose(backend_under_test, rows, cols, in);
  std::size_t wrong = 0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) wrong += out[c * rows + r] != in[r * cols + c];
  CHECK(wrong == 0);
}

TEST_CASE("The matrix-vector product with shared slices of x equals the loop", "[idioms]") {
  const auto [rows, cols] = GENERATE(std::pair{1, 1}, std::pair{200, 300}, std::pair{129, 128});
  const auto A = random_values<float>(static_cast<std::size_t>(rows) * cols, -3, 3, 7);
  const auto x = random_values<float>(static_cast<std::size_t>(cols), -3, 3, 8);
  const auto y = idioms::multiply_vector(backend_under_test, rows, cols, A, x);
  std::size_t wrong = 0;
  for (int r = 0; r < rows; ++r) {
    float sum = 0;
    for (int c = 0; c < cols; ++c) sum += A[static_cast<std::size_t>(r) * cols + c] * x[c];
    wrong += y[r] != sum;
  }
  CHECK(wrong == 0);
}

TEST_CASE("The double-buffered scan of one block is the exclusive prefix sum", "[idioms]") {
  const std::size_t n = GENERATE(1, 31, 512, 1024);
  const auto in = random_values<float>(n, 0, 9, n);
  const auto out = idioms::scan_one_block(backend_under_test, in);
  float running = 0;
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < n; ++i) {
    wrong += out[i] != running;
    running += in[i];
  }
  CHECK(wrong == 0);
}

TEST_CASE("The work-efficient scan gives each block's exclusive prefix sum and total", "[idioms]") {
  const unsigned threads = GENERATE(32u, 128u, 512u);
  const unsigned blocks = 5;
  const auto in = random_values<int>(2 * threads * blocks, -20, 20, threads);
  const auto result = idioms::scan_blocks(backend_under_test, threads, in);
  std::size_t wrong = 0;
  for (unsigned b = 0; b < blocks; ++b) {
    int running = 0;
    for (unsigned i = 0; i < 2 * threads; ++i) {
      wrong += result.scans[b * 2 * threads + i] != running;
      running += in[b * 2 * threads + i];
    }
    wrong += result.totals[b] != running;
  }
  CHECK(wrong == 0);
}

TEST_CASE("The bitonic sort sorts each block's keys", "[idioms]") {
  const unsigned threads = GENERATE(1u, 64u, 512u);
  const unsigned blocks = 3;
  const auto keys = random_words(2 * threads * blocks, threads);
  auto expected = keys;
  for (unsigned b = 0; b < blocks; ++b)
    std::sort(expected.begin() + b * 2 * threads, expected.begin() + (b + 1) * 2 * threads);
  CHECK(idioms::sort_blocks(backend_under_test, threads, keys) == expected);
}

TEST_CASE("The byte histograms count every byte", "[idioms]") {
  const auto words = random_words(4 * 1000, 11);
  std::vector<unsigned> bytes(256, 0), top(64, 0);
  for (unsigned w : words)
    for (int shift = 0; shift < 32; shift += 8) {
      ++bytes[(w >> shift) & 0xFFu];
      ++top[((w >> shift) & 0xFFu) >> 2];
    }
  SECTION("256 bins with shared atomics fed by uint4 loads") {
    CHECK(idioms::byte_histogram(backend_under_test, words) == bytes);
  }
  SECTION("64 bins with per-thread byte counters") {
    // 4000 words over 2 blocks of 64 threads: at most 32 words (128 values) per thread.
    CHECK(idioms::top_bits_histogram(backend_under_test, 2, words) == top);
  }
}

TEST_CASE("The stencil with a halo sums each window", "[idioms]") {
  const std::size_t n = GENERATE(1, 5, 128, 1000);
  const auto in = random_values<float>(n, -9, 9, n + 1);
  const auto out = idioms::stencil(backend_under_test, in);
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < n; ++i) {
    float sum = 0;
    for (long j = static_cast<long>(i) - 3; j <= static_cast<long>(i) + 3; ++j)
      if (j >= 0 && j < static_cast<long>(n)) sum += in[static_cast<std::size_t>(j)];
    wrong += out[i] != sum;
  }
  CHECK(wrong == 0);
}

TEST_CASE("Barriers three device calls deep and in a thread_group function", "[idioms]") {
  const unsigned threads = GENERATE(32u, 256u, 1024u);
  const unsigned blocks = 4;
  const auto in = random_values<int>(threads * blocks, -30, 30, threads + 9);
  std::vector<int> squares(blocks, 0), sums(blocks, 0);
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < threads; ++t) {
      squares[b] += in[b * threads + t] * in[b * threads + t];
      sums[b] += in[b * threads + t];
    }
  CHECK(idioms::sums_of_squares(backend_under_test, threads, in) == squares);
  CHECK(idioms::group_sums(backend_under_test, threads, in) == sums);
}

TEST_CASE("A __syncthreads_count vote and a shared-atomic compaction keep what they should",
          "[idioms]") {
  const unsigned threads = 128, blocks = 6;
  const auto in = random_values<int>(threads * blocks, 0, 99, 21);
  const int threshold = 70;
  const idioms::Kept kept = idioms::keep_above(backend_under_test, threads, in, threshold);
  for (unsigned b = 0; b < blocks; ++b) {
    std::vector<std::pair<int, int>> expected;
    for (unsigned t = 0; t < threads; ++t) {
      const auto i = static_cast<int>(b * threads + t);
      if (in[static_cast<std::size_t>(i)] > threshold)
        expected.emplace_back(i, in[static_cast<std::size_t>(i)]);
    }
    auto got = kept.pairs[b];
    std::sort(got.begin(), got.end());
    CHECK(kept.counts[b] == static_cast<int>(expected.size()));
    CHECK(got == expected);
  }
}

TEST_CASE("An atomicCAS loop on float bits finds the maximum", "[idioms]") {
  const auto in = random_values<float>(10000, -1000, 1000, 77);
  CHECK(idioms::maximum(backend_under_test, in) == *std::max_element(in.begin(), in.end()));
}

TEST_CASE("A block sum of warp-shuffle sums, one atomic per block, sums any length", "[idioms]") {
  const std::size_t n = GENERATE(1, 31, 4096, 100003);
  const auto in = random_values<int>(n, -100, 100, n + 11);
  CHECK(idioms::shuffle_sum(backend_under_test, in) == std::accumulate(in.begin(), in.end(), 0));
}

TEST_CASE("Warp-shuffle scans joined through shared memory scan each block", "[idioms]") {
  const unsigned threads = GENERATE(32u, 96u, 256u, 1024u);
  const auto in = random_values<int>(threads * 3, -9, 9, threads);
  const std::vector<int> out = idioms::block_inclusive_scans(backend_under_test, threads, in);
  std::vector<int> expected(in.size());
  for (std::size_t b = 0; b < in.size(); b += threads)
    std::inclusive_scan(in.begin() + static_cast<std::ptrdiff_t>(b),
                        in.begin() + static_cast<std::ptrdiff_t>(b + threads),
                        expected.begin() + static_cast<std::ptrdiff_t>(b));
  CHECK(out == expected);
}

TEST_CASE("Ballot compaction and the warp-aggregated counter keep every positive value once",
          "[idioms]") {
  const std::size_t n = GENERATE(100, 5000);
  const auto in = random_values<int>(n, -5, 5, n + 3);
  std::vector<int> expected;
  std::copy_if(in.begin(), in.end(), std::back_inserter(expected), [](int v) { return v > 0; });
  std::sort(expected.begin(), expected.end());
  // The warps reserve their room in whatever order they run: compare as multisets.
  for (std::vector<int> kept : {idioms::compact_positive(backend_under_test, in),
                                idioms::filter_with_aggregated_counter(backend_under_test, in)}) {
    std::sort(kept.begin(), kept.end());
    CHECK(kept == expected);
  }
}

TEST_CASE("cg::reduce sums tiles of 8, 16 and 32", "[idioms]") {
  const int tile = GENERATE(8, 16, 32);
  const auto in = random_values<int>(128 * 5, -50, 50, static_cast<std::uint64_t>(tile));
  const std::vector<int> sums = idioms::tile_sums(backend_under_test, tile, in);
  std::vector<int> expected;
  for (std::size_t t = 0; t < in.size(); t += static_cast<std::size_t>(tile))
    expected.push_back(std::accumulate(in.begin() + static_cast<std::ptrdiff_t>(t),
                                       in.begin() + static_cast<std::ptrdiff_t>(t) + tile, 0));
  CHECK(sums == expected);
}
