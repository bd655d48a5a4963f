// 2-D texture objects sampled with tex2D on the backend under test, checked against CPU loops
// that follow the guide's texture-fetching rules: point sampling returns the texel the
// coordinate falls in (or the border colour), linear filtering is bilinear interpolation with
// weights of 8 fractional bits. On the GPU, the emulator's samples are also compared with the
// GPU's over a grid of points for every filter, address mode, coordinate kind and texel format.
#include "textures.hpp"

#include "../../backend_under_test.hpp"
#include "../../catch.hpp"

#if !TUTORIAL_TEST_ON_DEVICE
#include "texture_kernels.emulated.hpp"

#include <simt/launch.hpp>
#endif

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using simt::AddressMode;
using simt::FilterMode;
using test::backend_under_test;
using textures::Point;
using textures::Texels;
using textures::TextureCase;

/// Random texels: floats with full mantissas in [-40, 40], integers over their whole range.
std::vector<std::byte> random_texels(const TextureCase& t, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  const std::size_t count =
      t.width * t.height * static_cast<std::size_t>(textures::channels(t.texels));
  const std::size_t channel_bytes =
      textures::texel_bytes(t.texels) / static_cast<std::size_t>(textures::channels(t.texels));
  std::vector<std::byte> bytes(count * channel_bytes);
  for (std::size_t i = 0; i < count; ++i) {
    if (t.texels == Texels::float1 || t.texels == Texels::float4) {
      const float v = std::uniform_real_distribution<float>(-40.0f, 40.0f)(random);
      std::memcpy(&bytes[i * 4], &v, 4);
    } else {
      const auto v = random();
      std::memcpy(&bytes[i * channel_bytes], &v, channel_bytes);
    }
  }
  return bytes;
}

/// Channel c of texel (i, j) as the CPU reference reads it: the float, the integer, or the
/// integer read normalised (v / 255, v / 65535, max(v / 127, -1), max(v / 32767, -1)).
double texel_value(const TextureCase& t, const std::vector<std::byte>& bytes, std::size_t i,
                   std::size_t j, int c) {
  const std::size_t channel_bytes =
      textures::texel_bytes(t.texels) / static_cast<std::size_t>(textures::channels(t.texels));
  const std::size_t at = (j * t.width + i) * textures::texel_bytes(t.texels) +
                         static_cast<std::size_t>(c) * channel_bytes;
  const auto read = [&]<class T>(T) {
    T v;
    std::memcpy(&v, &bytes[at], sizeof(T));
    return v;
  };
  switch (t.texels) {
    case Texels::float1:
    case Texels::float4: return read(0.0f);
    case Texels::uchar_normalized:
    case Texels::uchar4_normalized: return static_cast<float>(read(std::uint8_t{}) / 255.0);
    case Texels::schar_normalized:
      return std::max(static_cast<double>(static_cast<float>(read(std::int8_t{}) / 127.0)), -1.0);
    case Texels::ushort_normalized: return static_cast<float>(read(std::uint16_t{}) / 65535.0);
    case Texels::short_normalized:
      return std::max(static_cast<double>(static_cast<float>(read(std::int16_t{}) / 32767.0)),
                      -1.0);
    case Texels::uchar_stored: return read(std::uint8_t{});
    case Texels::int_stored: return read(0);
  }
  return 0;
}

/// The texel index `i` stands for: -1 for the border. Wrap and mirror apply to normalised
/// coordinates only; the GPU clamps unnormalised ones.
long long address(long long i, std::size_t size, AddressMode mode, bool normalized) {
  const auto n = static_cast<long long>(size);
  if (!normalized && (mode == AddressMode::wrap || mode == AddressMode::mirror))
    mode = AddressMode::clamp;
  switch (mode) {
    case AddressMode::wrap: return ((i % n) + n) % n;
    case AddressMode::mirror: {
      const long long m = ((i % (2 * n)) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
    }
    case AddressMode::clamp: return std::clamp(i, 0LL, n - 1);
    case AddressMode::border: return i < 0 || i >= n ? -1 : i;
  }
  return -1;
}

/// Channel c at integer texel (i, j) after addressing; the border colour as the float given (the
/// tests that use it read float texels).
double addressed(const TextureCase& t, const std::vector<std::byte>& bytes, long long i,
                 long long j, int c) {
  const long long ai = address(i, t.width, t.address, t.normalized_coordinates);
  const long long aj = address(j, t.height, t.address, t.normalized_coordinates);
  if (ai < 0 || aj < 0) return t.border_color[static_cast<unsigned>(c)];
  return texel_value(t, bytes, static_cast<std::size_t>(ai), static_cast<std::size_t>(aj), c);
}

/// Points spread over the image and a texel and a half beyond each edge, none within 1/64 of a
/// texel of a texel edge (where a normalised coordinate's rounding decides the texel).
std::vector<Point> points_inside_texels(const TextureCase& t, std::size_t count,
                                        std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> fraction(1.0 / 64, 1 - 1.0 / 64);
  std::uniform_int_distribution<int> column(-2, static_cast<int>(t.width) + 1);
  std::uniform_int_distribution<int> row(-2, static_cast<int>(t.height) + 1);
  std::vector<Point> points;
  for (std::size_t k = 0; k < count; ++k) {
    const double x = column(random) + fraction(random), y = row(random) + fraction(random);
    if (t.normalized_coordinates)
      points.push_back({static_cast<float>(x / static_cast<double>(t.width)),
                        static_cast<float>(y / static_cast<double>(t.height))});
    else
      points.push_back({static_cast<float>(x), static_cast<float>(y)});
  }
  return points;
}

/// A point in texels, whatever coordinates the texture takes.
std::pair<double, double> in_texels(const TextureCase& t, Point p) {
  if (!t.normalized_coordinates) return {p.x, p.y};
  return {p.x * static_cast<double>(t.width), p.y * static_cast<double>(t.height)};
}

}  // namespace

TEST_CASE("Point sampling returns the texel a coordinate falls in, or the border colour",
          "[textures]") {
  TextureCase t;
  t.texels = GENERATE(Texels::float1, Texels::float4, Texels::uchar_normalized,
                      Texels::schar_normalized, Texels::short_normalized, Texels::int_stored);
  t.address =
      GENERATE(AddressMode::wrap, AddressMode::clamp, AddressMode::mirror, AddressMode::border);
  t.normalized_coordinates = GENERATE(false, true);
  t.pitched = GENERATE(false, true);
  // The border colour of integer texels is converted to their format; a float texture keeps it.
  if (t.address == AddressMode::border && t.texels != Texels::float1 && t.texels != Texels::float4)
    return;
  INFO("texels " << static_cast<int>(t.texels) << ", address mode " << static_cast<int>(t.address)
                 << (t.normalized_coordinates ? ", normalised" : "")
                 << (t.pitched ? ", pitched" : ", array"));
  const auto texels = random_texels(t, 11);
  const auto points = points_inside_texels(t, 2000, 12);
  const auto samples = textures::sample(backend_under_test, t, texels, points);
  REQUIRE(samples.size() == points.size());
  std::size_t wrong = 0;
  for (std::size_t k = 0; k < points.size(); ++k) {
    const auto [x, y] = in_texels(t, points[k]);
    const auto i = static_cast<long long>(std::floor(x)), j = static_cast<long long>(std::floor(y));
    for (int c = 0; c < textures::channels(t.texels); ++c)
      if (samples[k][static_cast<unsigned>(c)] != addressed(t, texels, i, j, c)) ++wrong;
  }
  CHECK(wrong == 0);
}

TEST_CASE("Linear filtering is bilinear interpolation with 8-bit weights", "[textures]") {
  TextureCase t;
  t.texels =
      GENERATE(Texels::float1, Texels::float4, Texels::uchar_normalized, Texels::ushort_normalized);
  t.filter = FilterMode::linear;
  t.address = GENERATE(AddressMode::clamp, AddressMode::wrap, AddressMode::border);
  t.normalized_coordinates = GENERATE(false, true);
  if (t.address == AddressMode::border && t.texels != Texels::float1 && t.texels != Texels::float4)
    return;
  INFO("texels " << static_cast<int>(t.texels) << ", address mode " << static_cast<int>(t.address)
                 << (t.normalized_coordinates ? ", normalised" : ""));
  const auto texels = random_texels(t, 21);
  const auto points = points_inside_texels(t, 2000, 22);
  const auto samples = textures::sample(backend_under_test, t, texels, points);
  REQUIRE(samples.size() == points.size());
  double largest_error = 0;
  for (std::size_t k = 0; k < points.size(); ++k) {
    const auto [x, y] = in_texels(t, points[k]);
    const double xb = x - 0.5, yb = y - 0.5;
    const auto i = static_cast<long long>(std::floor(xb)),
               j = static_cast<long long>(std::floor(yb));
    const double a = xb - std::floor(xb), b = yb - std::floor(yb);
    for (int c = 0; c < textures::channels(t.texels); ++c) {
      const double t00 = addressed(t, texels, i, j, c), t10 = addressed(t, texels, i + 1, j, c);
      const double t01 = addressed(t, texels, i, j + 1, c);
      const double t11 = addressed(t, texels, i + 1, j + 1, c);
      const double exact =
          (1 - a) * (1 - b) * t00 + a * (1 - b) * t10 + (1 - a) * b * t01 + a * b * t11;
      // Each weight is within 1/256 of the exact one (rounded to 8 bits, the product rounded
      // again), so the sample is within 2/256 of the largest texel difference.
      const double spread = std::max({t00, t10, t01, t11}) - std::min({t00, t10, t01, t11});
      const double error = std::abs(samples[k][static_cast<unsigned>(c)] - exact);
      largest_error = std::max(largest_error, error / (spread * 2 / 256 + 1e-5));
    }
  }
  CHECK(largest_error <= 1.0);
}

TEST_CASE("Linear filtering returns a texel at its centre, and the mean of two halfway between",
          "[textures]") {
  TextureCase t;
  t.texels = Texels::float1;
  t.filter = FilterMode::linear;
  const auto texels = random_texels(t, 31);
  std::vector<Point> points;
  for (std::size_t j = 0; j < t.height; ++j)
    for (std::size_t i = 0; i + 1 < t.width; ++i) {
      points.push_back({static_cast<float>(i) + 0.5f, static_cast<float>(j) + 0.5f});
      points.push_back({static_cast<float>(i) + 1.0f, static_cast<float>(j) + 0.5f});
    }
  const auto samples = textures::sample(backend_under_test, t, texels, points);
  for (std::size_t k = 0; k < points.size(); ++k) {
    const auto i = static_cast<std::size_t>(points[k].x - 0.5f);
    const auto j = static_cast<std::size_t>(points[k].y - 0.5f);
    const double left = texel_value(t, texels, i, j, 0);
    if (k % 2 == 0) {
      CHECK(samples[k][0] == left);  // weights 1, 0, 0, 0
    } else {
      // Weights of one half: the GPU's float sum can be one unit in the last place off the
      // correctly rounded mean (an H100 rounds some of them down).
      const double mean = (left + texel_value(t, texels, i + 1, j, 0)) / 2;
      CHECK(std::abs(samples[k][0] - mean) <= std::abs(mean) * 0x1p-23);
    }
  }
}

TEST_CASE("A texture description the GPU refuses, or the emulator cannot follow, is refused",
          "[textures]") {
  TextureCase t;
  SECTION("linear filtering of integer texels read as stored") {
    t.texels = Texels::uchar_stored;
    t.filter = FilterMode::linear;
  }
  SECTION("linear filtering of 32-bit integer texels") {
    t.texels = Texels::int_stored;
    t.filter = FilterMode::linear;
  }
  SECTION("linear filtering of signed 8-bit texels read normalised, on the emulator") {
    // The GPU takes it; the emulator refuses what it cannot sample as the GPU does.
    if (backend_under_test == tutorial::Backend::device) return;
    t.texels = Texels::schar_normalized;
    t.filter = FilterMode::linear;
  }
  const auto texels = random_texels(t, 41);
  CHECK_FALSE(textures::refusal(backend_under_test, t, texels).empty());
}

#if !TUTORIAL_TEST_ON_DEVICE
TEST_CASE("A kernel that samples a texture object that does not exist is reported", "[textures]") {
  const float2 at{0.5f, 0.5f};
  float sample = 0;
  CHECK_THROWS_WITH(simt::launch(simt::LaunchConfig{1, 1}, emulated::SampleFloat,
                                 cudaTextureObject_t{12345}, &at, &sample, 1),
                    Catch::Matchers::Contains("tex2D in kernel 'SampleFloat' at "
                                              "texture_kernels.cuh:8") &&
                        Catch::Matchers::Contains("thread 0 of block (0, 0, 0) samples texture "
                                                  "object 12345, which does not exist"));
}

TEST_CASE("tex2D<float> of integer texels read as stored is reported", "[textures]") {
  const unsigned char texels[4] = {1, 2, 3, 4};
  simt::TextureSampling sampling;
  const auto object = simt::create_texture_object(
      {texels, {1, 8, simt::ChannelKind::unsigned_integer}, 2, 2, 2, false}, sampling);
  const float2 at{0.5f, 0.5f};
  float sample = 0;
  CHECK_THROWS_WITH(
      simt::launch(simt::LaunchConfig{1, 1}, emulated::SampleFloat, object, &at, &sample, 1),
      Catch::Matchers::Contains("tex2D<float> in kernel 'SampleFloat'") &&
          Catch::Matchers::Contains("a texture of integer texels read as stored"));
  simt::destroy_texture_object(object);
  CHECK_THROWS_AS(simt::destroy_texture_object(object), simt::TextureError);
}

TEST_CASE("Pitched memory the GPU would not take is refused", "[textures]") {
  alignas(512) static float texels[64 * 2] = {};
  simt::TexelImage image{texels, {1, 32, simt::ChannelKind::floating_point}, 7, 2, 28, true};
  CHECK_THROWS_WITH(simt::create_texture_object(image, {}),
                    Catch::Matchers::Contains("multiple of texturePitchAlignment (32 bytes)"));
  image.pitch_bytes = 32;
  image.data = texels + 1;
  CHECK_THROWS_WITH(simt::create_texture_object(image, {}),
                    Catch::Matchers::Contains("multiple of textureAlignment (512 bytes)"));
  image.data = texels;
  const auto object = simt::create_texture_object(image, {});
  CHECK(object != 0);
  simt::destroy_texture_object(object);
}
#else
TEST_CASE(
    "The emulator's samples equal the GPU's for every filter, address mode, coordinate "
    "kind and texel format",
    "[textures]") {
  TextureCase t;
  t.texels =
      GENERATE(Texels::float1, Texels::float4, Texels::uchar_normalized, Texels::uchar4_normalized,
               Texels::schar_normalized, Texels::ushort_normalized, Texels::short_normalized,
               Texels::uchar_stored, Texels::int_stored);
  t.filter = GENERATE(FilterMode::point, FilterMode::linear);
  t.address =
      GENERATE(AddressMode::wrap, AddressMode::clamp, AddressMode::mirror, AddressMode::border);
  t.normalized_coordinates = GENERATE(false, true);
  t.pitched = GENERATE(false, true);
  const auto size = GENERATE(std::pair<std::size_t, std::size_t>{7, 5},
                             std::pair<std::size_t, std::size_t>{64, 3},
                             std::pair<std::size_t, std::size_t>{300, 129});
  t.width = size.first;
  t.height = size.second;
  const bool integers_as_stored =
      t.texels == Texels::uchar_stored || t.texels == Texels::int_stored;
  if (integers_as_stored && t.filter == FilterMode::linear) return;  // refused, tested above
  // Not emulated (refused on the emulator, tested above).
  if (t.texels == Texels::schar_normalized && t.filter == FilterMode::linear) return;
  INFO("texels " << static_cast<int>(t.texels) << ", filter " << static_cast<int>(t.filter)
                 << ", address mode " << static_cast<int>(t.address)
                 << (t.normalized_coordinates ? ", normalised" : "")
                 << (t.pitched ? ", pitched" : ", array") << ", " << t.width << " x " << t.height);
  const auto texels = random_texels(t, t.width * 31 + t.height);
  // A grid a 1/512 of a texel apart along a row, a column and a diagonal, past every edge, and
  // random points over the image and beyond it.
  std::vector<Point> points;
  const double w = static_cast<double>(t.width), h = static_cast<double>(t.height);
  const auto add = [&](double x, double y) {
    points.push_back(t.normalized_coordinates
                         ? Point{static_cast<float>(x / w), static_cast<float>(y / h)}
                         : Point{static_cast<float>(x), static_cast<float>(y)});
  };
  for (double x = -2.5; x <= std::min(w, 12.0) + 2.5; x += 1.0 / 512) add(x, 1.3);
  for (double y = -2.5; y <= std::min(h, 12.0) + 2.5; y += 1.0 / 512) add(2.7, y);
  for (double s = -2.5; s <= std::min(w, h) + 2.5; s += 1.0 / 512) add(s, s * 0.75);
  std::mt19937_64 random(99);
  for (int k = 0; k < 4096; ++k)
    add(std::uniform_real_distribution<double>(-3, w + 3)(random),
        std::uniform_real_distribution<double>(-3, h + 3)(random));
  const auto gpu = textures::sample(tutorial::Backend::device, t, texels, points);
  const auto emulator = textures::sample(tutorial::Backend::emulator, t, texels, points);
  REQUIRE(gpu.size() == emulator.size());
  // Bit for bit, but for linear filtering of float texels: within one unit in the last place
  // (simt/texture.hpp).
  const bool float_sums =
      t.filter == FilterMode::linear && (t.texels == Texels::float1 || t.texels == Texels::float4);
  std::size_t differ = 0, beyond = 0, compared = 0;
  for (std::size_t k = 0; k < gpu.size(); ++k)
    for (int c = 0; c < textures::channels(t.texels); ++c) {
      const double g = gpu[k][static_cast<unsigned>(c)], e = emulator[k][static_cast<unsigned>(c)];
      ++compared;
      if (g == e) continue;
      ++differ;
      const auto gf = static_cast<float>(g), ef = static_cast<float>(e);
      const bool one_ulp =
          std::abs(std::bit_cast<std::int32_t>(gf) - std::bit_cast<std::int32_t>(ef)) <= 1 ||
          std::abs(g - e) <= 0x1p-24 * 40;  // near 0, an ulp of the largest texel (40)
      if (!(float_sums && one_ulp) && beyond++ < 5)
        UNSCOPED_INFO("point " << k << " (" << points[k].x << ", " << points[k].y << ") channel "
                               << c << ": GPU " << g << ", emulator " << e);
    }
  INFO(differ << " of " << compared << " channels differ");
  CHECK(beyond == 0);
  // Measured on an H100 with these random texels: up to 1.8% of float samples.
  if (float_sums) CHECK(differ * 100 <= compared * 3);
  if (!float_sums) CHECK(differ == 0);
}
#endif
