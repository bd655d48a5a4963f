// Kernel files written as the public sample collections write them, built unchanged for both
// backends: each result checked against a CPU loop on random inputs. On the emulator, also what
// a C++ source sees of several kernel files' translations at once.
#include "real_world.hpp"

#include "../../backend_under_test.hpp"
#include "../../catch.hpp"
#include "../../random_values.hpp"

#if !TUTORIAL_TEST_ON_DEVICE
#include "block_reduction_kernels.emulated.hpp"
#include "convolution_kernels.emulated.hpp"
#include "transpose_kernels.emulated.hpp"

#include <simt/launch.hpp>
#endif

#include <bit>
#include <numeric>
#include <string>
#include <vector>

namespace {
using test::backend_under_test;
}  // namespace

TEST_CASE("A transpose with tile sizes from macros and a name in a const char* transposes",
          "[real world]") {
  const int width = GENERATE(32, 96), height = GENERATE(64, 128);
  const auto in = random_values<float>(static_cast<std::size_t>(width * height), -100, 100, 3);
  const auto out = real_world::transpose(backend_under_test, in, width, height);
  std::vector<float> expected(in.size());
  for (int r = 0; r < height; ++r)
    for (int c = 0; c < width; ++c)
      expected[static_cast<std::size_t>(c * height + r)] =
          in[static_cast<std::size_t>(r * width + c)];
  CHECK(out == expected);
}

TEST_CASE("A row convolution reads its filter from __constant__ memory the host wrote",
          "[real world]") {
  const int width = 256, height = 8, radius = 8;
  const auto image = random_values<float>(width * height, -8, 8, 5);
  const auto filter = random_values<float>(2 * radius + 1, -3, 3, 6);
  const auto out = real_world::convolve_rows(backend_under_test, image, filter, width, height);
  std::vector<float> expected(image.size());
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      float sum = 0;
      for (int j = -radius; j <= radius; ++j)
        if (x + j >= 0 && x + j < width)
          sum += filter[static_cast<std::size_t>(radius - j)] *
                 image[static_cast<std::size_t>(y * width + x + j)];
      expected[static_cast<std::size_t>(y * width + x)] = sum;
    }
  CHECK(out == expected);  // small integers: exact in any order
}

TEST_CASE("Helpers shared by two kernel files (a guarded header, inline PTX) work in both",
          "[real world]") {
  const auto in = random_values<float>(1000, -10, 10, 8);
  const auto out = real_world::warp_energies(backend_under_test, in);
  REQUIRE(out.size() == 32);
  for (std::size_t w = 0; w < out.size(); ++w) {
    float sum = 0;
    for (std::size_t i = w * 32; i < std::min(in.size(), w * 32 + 32); ++i) sum += in[i] * in[i];
    CHECK(out[w] == sum);
  }
}

TEST_CASE("Inline PTX's byte-wise sum of absolute differences matches a loop over the bytes",
          "[real world]") {
  const int words = 1000, window = 8;
  // Every byte value, in words of four random bytes.
  const auto bytes_left = random_values<unsigned>(4 * words, 0, 255, 21);
  const auto bytes_right = random_values<unsigned>(4 * words, 0, 255, 22);
  std::vector<unsigned> left(words), right(words);
  for (std::size_t w = 0; w < left.size(); ++w)
    for (std::size_t b = 0; b < 4; ++b) {
      left[w] |= bytes_left[4 * w + b] << (8 * b);
      right[w] |= bytes_right[4 * w + b] << (8 * b);
    }
  const auto out = real_world::window_sads(backend_under_test, left, right, window);
  REQUIRE(out.size() == static_cast<std::size_t>(words - window + 1));
  for (std::size_t i = 0; i < out.size(); ++i) {
    unsigned expected = 0;
    for (std::size_t w = i; w < i + window; ++w)
      for (std::size_t b = 0; b < 4; ++b) {
        const int l = static_cast<int>(bytes_left[4 * w + b]);
        const int r = static_cast<int>(bytes_right[4 * w + b]);
        expected += static_cast<unsigned>(l > r ? l - r : r - l);
      }
    CHECK(out[i] == expected);
  }
}

TEST_CASE("Kernels sharing file-scope __shared__ buffers transpose and sum each 8x8 block",
          "[real world]") {
  const int width = GENERATE(8, 48), height = GENERATE(8, 64);
  const auto image = random_values<float>(static_cast<std::size_t>(width * height), -50, 50, 23);
  const float scale = 0.5f;
  const auto out = real_world::block_transforms(backend_under_test, image, width, height, scale);
  REQUIRE(out.transposed.size() == image.size());
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      // (x, y) takes the element at the mirrored offsets within its 8x8 block.
      const int bx = x / 8 * 8, by = y / 8 * 8;
      const int source = (by + (x - bx)) * width + bx + (y - by);
      CHECK(out.transposed[static_cast<std::size_t>(y * width + x)] ==
            scale * image[static_cast<std::size_t>(source)]);
    }
  REQUIRE(out.sums.size() == static_cast<std::size_t>(width / 8 * (height / 8)));
  for (int by = 0; by < height / 8; ++by)
    for (int bx = 0; bx < width / 8; ++bx) {
      // In the kernel's order (each row, then the rows), so the float sums agree bit for bit.
      float expected = 0;
      for (int y = 0; y < 8; ++y) {
        float row = 0;
        for (int x = 0; x < 8; ++x)
          row += image[static_cast<std::size_t>((by * 8 + y) * width + bx * 8 + x)];
        expected += row;
      }
      CHECK(out.sums[static_cast<std::size_t>(by * (width / 8) + bx)] == expected);
    }
}

TEST_CASE("A template reduction included by two launch sources sums each block's slice",
          "[real world]") {
  const unsigned blocks = GENERATE(1u, 7u);
  const auto floats = random_values<float>(100000, -50, 50, 9);
  const auto ints = random_values<int>(77777, -1000, 1000, 10);
  const auto float_sums = real_world::block_sums(backend_under_test, floats, blocks);
  const auto int_sums = real_world::block_sums(backend_under_test, ints, blocks);
  std::vector<float> expected_floats(blocks, 0.0f);
  std::vector<int> expected_ints(blocks, 0);
  for (std::size_t i = 0; i < floats.size(); ++i) expected_floats[(i / 256) % blocks] += floats[i];
  for (std::size_t i = 0; i < ints.size(); ++i) expected_ints[(i / 128) % blocks] += ints[i];
  CHECK(float_sums == expected_floats);
  CHECK(int_sums == expected_ints);
}

// tests/simt/idioms/reduction_kernels.cuh, in the same test program, has a __device__ variable of
// the same name: each CUDA source is a device program of its own, and the emulator tells the two
// apart by what else each source registered.
TEST_CASE("A single-pass sum counts finished blocks on a __device__ variable that resets itself",
          "[real world]") {
  const auto in = random_values<float>(300000, -20, 20, 11);
  const float total = std::accumulate(in.begin(), in.end(), 0.0f);
  const auto sums = real_world::single_pass_sums(backend_under_test, in, 40, 3);
  CHECK(sums == std::vector<float>(3, total));
}

TEST_CASE("A half-precision axpy on pairs with __hfma2 and __ldg", "[real world]") {
  const auto xs = random_values<float>(2048, -64, 64, 12);
  const auto ys = random_values<float>(2048, -64, 64, 13);
  std::vector<unsigned short> x, y;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    x.push_back(std::bit_cast<unsigned short>(static_cast<_Float16>(xs[i])));
    y.push_back(std::bit_cast<unsigned short>(static_cast<_Float16>(ys[i])));
  }
  const auto out = real_world::haxpy(backend_under_test, 1.5f, x, y);
  REQUIRE(out.size() == x.size());
  for (std::size_t i = 0; i < out.size(); ++i)  // 1.5 * x + y is exact in half here
    CHECK(static_cast<float>(std::bit_cast<_Float16>(out[i])) == 1.5f * xs[i] + ys[i]);
}

#if !TUTORIAL_TEST_ON_DEVICE
// (Each translation has its own copy of the shared header's helpers, in a namespace of its own
// inside `emulated`: named from such a source, emulated::divideUp is ambiguous.)
TEST_CASE("A C++ source includes the translations of several kernel files that share a header",
          "[real world]") {
  CHECK(std::string(emulated::transposeName) == "transposeNoBankConflicts");
  const auto in = random_values<float>(512, -5, 5, 14);
  std::vector<float> out(2, -1.0f);
  simt::launch(2, 256, emulated::reduceSum<float, 256>, in.data(), out.data(), 512u);
  CHECK(out[0] == std::accumulate(in.begin(), in.begin() + 256, 0.0f));
  CHECK(out[1] == std::accumulate(in.begin() + 256, in.end(), 0.0f));
}
#endif
