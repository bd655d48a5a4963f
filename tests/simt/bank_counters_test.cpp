// The shared-memory bank counters (common/simt/src/bank_counters.cpp, <simt/bank_counters.hpp>)
// against closed-form expectations: requests, wavefronts and conflicts per line, and the
// example map of a request's lanes.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/bank_map.hpp>
#include <simt/launch.hpp>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "diagnostics_kernels.emulated.hpp"

#include "kernel_reports.hpp"

namespace {

using Catch::Matchers::Contains;

int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }

}  // namespace

TEST_CASE("A 4-byte stride s costs gcd of s and 32 wavefronts per request", "[bank-counters]") {
  const int stride = GENERATE(1, 2, 3, 4, 8, 16, 32, 33, 48, 64);
  const unsigned threads = 128, warps = threads / 32;
  std::vector<float> out(threads);
  const int words = 32 * static_cast<int>(warps) * stride;
  simt::launch(simt::LaunchConfig{1, threads, words * sizeof(float)}, emulated::StridedWordRead,
               out.data(), stride, words);
  const auto c = simt::last_launch_counters();
  INFO("stride " << stride);
  CHECK(c.load_requests == warps);
  CHECK(c.load_wavefronts == warps * static_cast<unsigned>(gcd(stride, 32)));
  CHECK(c.load_conflicts() == warps * static_cast<unsigned>(gcd(stride, 32) - 1));
  // The fill writes consecutive words: one wavefront per store request.
  CHECK(c.store_wavefronts == c.store_requests);
  for (unsigned t = 0; t < threads; ++t)
    CHECK(out[t] == static_cast<float>((t / 32) * 32 * stride + (t % 32) * stride));
}

TEST_CASE("All lanes reading one word take one wavefront", "[bank-counters]") {
  std::vector<float> out(256);
  simt::launch(1, 256, emulated::BroadcastRead, out.data());
  const auto c = simt::last_launch_counters();
  CHECK(c.load_requests == 8);
  CHECK(c.load_wavefronts == 8);
  CHECK(out[200] == 7.0f);
}

// The transpose's second phase reads tile[threadIdx.x][j]: column reads. With 32 columns all
// 32 lanes hit one bank (32 wavefronts); with 33 they spread over all banks (1 wavefront).

TEST_CASE("A 32x32 tile transpose reads conflict-free only with one column of padding",
          "[bank-counters]") {
  const int n = 64;
  std::vector<float> in(n * n), out(n * n);
  std::iota(in.begin(), in.end(), 0.0f);
  const simt::Dim3 grid(n / 32, n / 32), block(32, 8);
  const unsigned requests =
      4 * 4 * 8;  // 4 blocks x 8 warps x 4 loop steps, for loads and for stores

  simt::launch(grid, block, emulated::TransposeTile<33>, in.data(), out.data(), n);
  auto padded = simt::last_launch_counters();
  CHECK(padded.load_requests == requests);
  CHECK(padded.load_wavefronts == requests);
  CHECK(padded.store_wavefronts == requests);

  simt::launch(grid, block, emulated::TransposeTile<32>, in.data(), out.data(), n);
  auto unpadded = simt::last_launch_counters();
  CHECK(unpadded.load_requests == requests);
  CHECK(unpadded.load_wavefronts == 32 * requests);
  CHECK(unpadded.store_wavefronts == requests);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) REQUIRE(out[y * n + x] == in[x * n + y]);
}

TEST_CASE("The counters attribute requests, wavefronts and conflicts to the line of each access",
          "[bank-counters]") {
  const int n = 64;
  std::vector<float> in(n * n), out(n * n);
  std::iota(in.begin(), in.end(), 0.0f);
  simt::launch(simt::Dim3(n / 32, n / 32), simt::Dim3(32, 8), emulated::TransposeTile<32>,
               in.data(), out.data(), n);
  const auto c = simt::last_launch_counters();
  REQUIRE(c.lines.size() == 2);
  const simt::SharedAccessLine& store = c.lines[0].store ? c.lines[0] : c.lines[1];
  const simt::SharedAccessLine& load = c.lines[0].store ? c.lines[1] : c.lines[0];
  CHECK(store.place() == place_of("tile[threadIdx.y + j][threadIdx.x] = in["));
  CHECK(load.place() == place_of("= tile[threadIdx.x][threadIdx.y + j];"));
  const unsigned requests = 4 * 4 * 8;  // 4 blocks x 8 warps x 4 loop steps
  CHECK(store.requests == requests);
  CHECK(store.wavefronts == requests);
  CHECK(store.conflicts() == 0);
  CHECK(load.requests == requests);
  CHECK(load.wavefronts == 32 * requests);
  CHECK(load.conflicts() == 31 * requests);
  REQUIRE(c.worst_line() == &load);

  // The first of the requests with the most wavefronts: block 0, warp 0 (threadIdx.y = 0), the
  // first step (j = 0). Lane x reads tile[x][0], word 32 x: all in bank 0.
  const simt::BankRequestMap& map = load.worst;
  CHECK(map.block == 0);
  CHECK(map.warp == 0);
  CHECK(map.k == 0);
  CHECK(map.wavefronts == 32);
  CHECK(map.ideal_wavefronts == 1);
  CHECK(map.words_per_lane == 1);
  for (unsigned lane = 0; lane < 32; ++lane) CHECK(map.word[lane] == 32 * lane);

  const std::string text = simt::bank_map_text(load);
  INFO(text);
  CHECK_THAT(text, Contains("One load request at " + load.place() +
                            " (block 0, warp 0): 32 "
                            "wavefronts, 1 without conflicts"));
  CHECK_THAT(text, Contains("Bank 0 holds 32 different words for lanes 0-31"));
  CHECK_THAT(text, Contains("The request uses 1 of 32 banks."));
}

TEST_CASE("The example request of a strided line shows lane i at word i * stride",
          "[bank-counters]") {
  const int stride = GENERATE(2, 3, 6);
  const unsigned threads = 64;
  std::vector<float> out(threads);
  const int words = 32 * 2 * stride;
  simt::launch(simt::LaunchConfig{1, threads, words * sizeof(float)}, emulated::StridedWordRead,
               out.data(), stride, words);
  const auto c = simt::last_launch_counters();
  const simt::SharedAccessLine* worst = c.worst_line();
  INFO("stride " << stride);
  if (gcd(stride, 32) == 1) {
    CHECK(worst == nullptr);
    return;
  }
  REQUIRE(worst != nullptr);
  CHECK(worst->place() == place_of("out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx"));
  CHECK(worst->requests == 2);
  CHECK(worst->worst.wavefronts == static_cast<unsigned>(gcd(stride, 32)));
  for (unsigned lane = 0; lane < 32; ++lane)
    CHECK(worst->worst.word[lane] == static_cast<std::int64_t>(lane) * stride);
}

TEST_CASE("Lanes that take no part in a request are marked inactive in its map",
          "[bank-counters]") {
  std::vector<float> out(64);
  simt::launch(1, 64, emulated::HalfWarpWrites, out.data());
  const auto c = simt::last_launch_counters();
  REQUIRE(c.lines.size() == 2);
  for (const simt::SharedAccessLine& l : c.lines) {
    INFO(l.place() << (l.store ? " store" : " load"));
    CHECK(l.requests == 2);  // one per warp
    CHECK(l.wavefronts == 2);
    for (unsigned lane = 0; lane < 32; ++lane)
      CHECK(l.worst.word[lane] ==
            (lane < 16 ? static_cast<std::int64_t>(lane) : simt::BankRequestMap::inactive));
  }
  CHECK(c.worst_line() == nullptr);
  for (unsigned t = 0; t < 64; ++t) CHECK(out[t] == (t % 32 < 16 ? static_cast<float>(t) : 0.0f));
}

TEST_CASE("A warp's lanes that reach one access at two lines make two requests, one per line",
          "[bank-counters]") {
  std::vector<float> out(64);
  simt::launch(1, 64, emulated::EvenAndOddLanesWrite, out.data());
  const auto c = simt::last_launch_counters();
  REQUIRE(c.lines.size() == 3);
  for (const bool even : {true, false}) {
    const std::string place = place_of(even ? "// even lanes" : "// odd lanes");
    const auto line = std::find_if(c.lines.begin(), c.lines.end(),
                                   [&](const auto& l) { return l.store && l.place() == place; });
    REQUIRE(line != c.lines.end());
    INFO(place);
    CHECK(line->requests == 2);  // one per warp, of its even or its odd lanes
    CHECK(line->wavefronts == 2);
    for (unsigned lane = 0; lane < 32; ++lane)
      CHECK(line->worst.word[lane] == (lane % 2 == (even ? 0u : 1u)
                                           ? static_cast<std::int64_t>(lane)
                                           : simt::BankRequestMap::inactive));
  }
  CHECK(c.load_requests == 2);
  for (unsigned t = 0; t < 64; ++t)
    CHECK(out[t] == (t % 2 == 0 ? -static_cast<float>(t + 1) : static_cast<float>(t - 1)));
}
