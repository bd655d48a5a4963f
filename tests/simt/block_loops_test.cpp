// Kernels whose barriers the whole block reaches alike run as loops over the block's threads
// (the translation's rewrites/block_loops.py, simt/detail/block_loop.hpp): the same results, in
// every thread order, as the coroutine per thread that every other kernel with a barrier is.
// (Which kernels the translation runs as loops, tests/simt/translation/cases/block_loops.cuh
// shows.)
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <cstddef>
#include <limits>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "capture_output.hpp"
#include "simt_kernels.emulated.hpp"

namespace {

// What NeighbourRounds* computes, one round at a time.
std::vector<int> neighbour_rounds(const std::vector<int>& in, unsigned blocks, unsigned threads,
                                  int rounds, int active) {
  std::vector<int> out(in.size(), -1);
  for (unsigned b = 0; b < blocks; ++b) {
    std::vector<int> sum(in.begin() + b * threads, in.begin() + b * threads + active);
    for (int r = 0; r < rounds; ++r) {
      const std::vector<int> last = sum;
      for (int t = 0; t < active; ++t) sum[t] += last[(t + 1) % active] % 1000;
    }
    std::copy(sum.begin(), sum.end(), out.begin() + b * threads);
  }
  return out;
}

// What EvenNeighbourRounds computes: the rounds of neighbour_rounds among the even threads of
// each block (-1 where an odd thread writes nothing).
std::vector<int> even_neighbour_rounds(const std::vector<int>& in, unsigned threads, int rounds) {
  std::vector<int> out(in.size(), -1);
  for (std::size_t b = 0; b < in.size() / threads; ++b) {
    std::vector<int> sum(threads, 0);
    for (unsigned t = 0; t < threads; t += 2) sum[t] = in[b * threads + t];
    for (int r = 0; r < rounds; ++r) {
      const std::vector<int> last = sum;
      for (unsigned t = 0; t < threads; t += 2) sum[t] += last[(t + 2) % threads] % 1000;
    }
    for (unsigned t = 0; t < threads; t += 2) out[b * threads + t] = sum[t];
  }
  return out;
}

// What WarpScanRounds* computes: each round, every warp's inclusive prefix sums (mod 1000),
// and the ballot of odd sums, XORed over the rounds.
struct WarpScans {
  std::vector<int> sums;
  std::vector<unsigned> odd;
};
WarpScans warp_scan_rounds(const std::vector<int>& in, int rounds) {
  WarpScans r{in, std::vector<unsigned>(in.size() / 32, 0)};
  for (std::size_t w = 0; w < in.size() / 32; ++w) {
    for (int round = 0; round < rounds; ++round) {
      for (std::size_t lane = 1; lane < 32; ++lane)
        r.sums[w * 32 + lane] += r.sums[w * 32 + lane - 1];
      unsigned ballot = 0;
      for (std::size_t lane = 0; lane < 32; ++lane) {
        r.sums[w * 32 + lane] %= 1000;
        if (r.sums[w * 32 + lane] % 2 != 0) ballot |= 1u << lane;
      }
      r.odd[w] ^= ballot;
    }
  }
  return r;
}

}  // namespace

TEST_CASE(
    "Run as loops, warp shuffles and ballots that every lane reaches give what coroutines give",
    "[simt]") {
  const unsigned blocks = 3, threads = GENERATE(32u, 96u, 1024u);
  const int rounds = 4;
  const std::size_t n = std::size_t{blocks} * threads;
  std::vector<int> in(n);
  std::iota(in.begin(), in.end(), 7);
  const WarpScans expected = warp_scan_rounds(in, rounds);
  const auto run = [&] {
    WarpScans loops{std::vector<int>(n, -1), std::vector<unsigned>(n / 32, 7u)};
    WarpScans coroutines = loops;
    simt::launch(blocks, threads, emulated::WarpScanRoundsAsLoops, in.data(), loops.sums.data(),
                 loops.odd.data(), rounds);
    simt::launch(blocks, threads, emulated::WarpScanRoundsAsCoroutines, in.data(),
                 coroutines.sums.data(), coroutines.odd.data(), &rounds);
    CHECK(loops.sums == expected.sums);
    CHECK(loops.odd == expected.odd);
    CHECK(coroutines.sums == expected.sums);
    CHECK(coroutines.odd == expected.odd);
  };
  in_every_setting(run);
}

TEST_CASE(
    "Run as loops, a warp shuffle after some threads returned in the same pass gives each warp "
    "its sum",
    "[simt]") {
  // Whole warps return past `staying` (with 40 and 100 threads a block's last warp is partial),
  // or, where `lanes` is 16, every warp's upper half.
  const auto [threads, staying, lanes] =
      GENERATE(table<unsigned, unsigned, unsigned>({{40u, 32u, 32u},
                                                    {100u, 64u, 32u},
                                                    {100u, 96u, 32u},
                                                    {128u, 128u, 32u},
                                                    {128u, 64u, 32u},
                                                    {48u, 48u, 16u},
                                                    {112u, 112u, 16u},
                                                    {256u, 256u, 16u}}));
  const unsigned blocks = 3;
  const std::size_t n = std::size_t{blocks} * threads;
  std::mt19937 random(std::random_device{}());
  std::uniform_int_distribution<int> value(-1000, 1000);
  std::vector<int> in(n);
  for (int& x : in) x = value(random);
  // A lane that stays ends with its warp's sum over the lanes that stay; the others write nothing.
  std::vector<int> expected(n, -1);
  for (std::size_t b = 0; b < blocks; ++b)
    for (std::size_t lane0 = 0; lane0 + lanes <= staying; lane0 += 32) {
      int sum = 0;
      for (std::size_t l = 0; l < lanes; ++l) sum += in[b * threads + lane0 + l];
      for (std::size_t l = 0; l < lanes; ++l) expected[b * threads + lane0 + l] = sum;
    }
  const auto run = [&] {
    std::vector<int> out(n, -1);
    simt::launch(blocks, threads, emulated::TreeAfterReturns, in.data(), out.data(), staying,
                 lanes);
    CHECK(out == expected);
  };
  in_every_setting(run);
}

TEST_CASE(
    "Run as loops with the checks off, a warp whose shuffle is left to the scheduler goes on "
    "after the warps that went on at once",
    "[simt]") {
  // Warp 0's lanes all stay: its shuffle runs as its last lane arrives and its lanes go on at
  // once. Warp 1's lanes 48-63 return in that pass while the mask names them: with the strict
  // setting that is the scheduler's to warn of, and lanes 32-47 go on only after it. Their first
  // step reads lanes that exited, which is undefined on the GPU; the emulator gives each lane its
  // own value, so the tree's other steps sum twice lanes 32-47. Warp 2's lanes all return.
  with_every_check_off([] {
    simt::settings().strict = true;
    const unsigned blocks = 3, threads = 96;
    std::mt19937 random(std::random_device{}());
    std::uniform_int_distribution<int> value(-1000, 1000);
    std::vector<int> in(std::size_t{blocks} * threads);
    for (int& x : in) x = value(random);
    constexpr int unwritten = std::numeric_limits<int>::min();
    std::vector<int> out(in.size(), unwritten);
    const std::string warning = test::captured(2, [&] {
      simt::launch(blocks, threads, emulated::TreeAfterReturns, in.data(), out.data(), 48u, 32u);
    });
    CHECK_THAT(warning, Catch::Matchers::Contains("names threads 48-63 with mask 0xffffffff, "
                                                  "which have exited"));
    for (std::size_t b = 0; b < blocks; ++b) {
      const auto first = in.begin() + b * threads;
      const int warp0 = std::accumulate(first, first + 32, 0);
      const int warp1 = 2 * std::accumulate(first + 32, first + 48, 0);
      for (std::size_t t = 0; t < threads; ++t) {
        INFO("block " << b << ", thread " << t);
        CHECK(out[b * threads + t] == (t < 32 ? warp0 : t < 48 ? warp1 : unwritten));
      }
    }
  });
}

TEST_CASE(
    "Run as loops, each thread keeps its own variables across barriers, as a coroutine "
    "does",
    "[simt]") {
  const unsigned blocks = 3, threads = GENERATE(31u, 128u, 1000u);
  const int active = GENERATE(1, 17, 31);
  const int rounds = 4;
  const std::size_t n = std::size_t{blocks} * threads;
  std::vector<int> in(n);
  std::iota(in.begin(), in.end(), 11);
  const std::vector<int> expected = neighbour_rounds(in, blocks, threads, rounds, active);
  SECTION("in the kernel, and in a twin that stays a coroutine") {
    const auto run = [&] {
      std::vector<int> loops(n, -1), coroutines(n, -1);
      simt::launch(blocks, threads, emulated::NeighbourRoundsAsLoops, in.data(), loops.data(),
                   rounds, active);
      simt::launch(blocks, threads, emulated::NeighbourRoundsAsCoroutines, in.data(),
                   coroutines.data(), &rounds, active);
      CHECK(loops == expected);
      CHECK(coroutines == expected);
    };
    in_every_setting(run);
  }
  SECTION(
      "in a helper called twice after some threads returned, whose bound the block reads "
      "from a thread still running") {
    const auto run = [&] {
      std::vector<int> out(n, -1);
      // Two calls of rounds / 2 rounds each.
      simt::launch(blocks, threads, emulated::NeighbourSumsTwice, in.data(), out.data(), rounds / 2,
                   active);
      CHECK(out == expected);
    };
    in_every_setting(run);
  }
}

TEST_CASE("Run as loops, the threads left after every other one returned keep their own variables",
          "[simt]") {
  const unsigned blocks = 3, threads = GENERATE(2u, 64u, 1000u);
  const int rounds = 3;
  std::vector<int> in(std::size_t{blocks} * threads);
  std::iota(in.begin(), in.end(), 13);
  const std::vector<int> expected = even_neighbour_rounds(in, threads, rounds);
  const auto run = [&] {
    std::vector<int> out(in.size(), -1);
    simt::launch(blocks, threads, emulated::EvenNeighbourRounds, in.data(), out.data(), rounds);
    CHECK(out == expected);
  };
  in_every_setting(run);
}

TEST_CASE(
    "Run as loops, tiles fetched ahead through each thread's own pipeline give what the CPU "
    "gives",
    "[simt]") {
  const unsigned blocks = 3, threads = GENERATE(32u, 256u, 1000u);
  const int tiles = 5;
  std::vector<int> in(std::size_t{threads} * tiles);
  std::iota(in.begin(), in.end(), 17);
  std::vector<int> expected(std::size_t{blocks} * threads, 0);
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < threads; ++t)
      for (int k = 0; k < tiles; ++k)
        expected[b * threads + t] += in[k * threads + (t + 1) % threads];
  const auto run = [&] {
    std::vector<int> out(expected.size(), -1);
    simt::launch(blocks, threads, emulated::NeighbourOfTilesAhead, in.data(), out.data(), tiles);
    CHECK(out == expected);
  };
  in_every_setting(run);
}

TEST_CASE(
    "Run as loops, double-precision warp matrix products over a block-stride loop give what the "
    "CPU gives",
    "[simt]") {
  // Fewer warps than tiles, more warps than tiles, and tiles left over in the last turn.
  const auto [blocks, threads, row_tiles, k] = GENERATE(table<unsigned, unsigned, unsigned, int>(
      {{2u, 32u, 5u, 12}, {3u, 256u, 13u, 4}, {2u, 96u, 40u, 64}}));
  std::mt19937 random(std::random_device{}());
  std::uniform_int_distribution<int> small(-8, 8);  // products and sums exact in double
  std::vector<double> a(std::size_t{row_tiles} * 8 * k), b(std::size_t(k) * 8);
  for (double& x : a) x = small(random);
  for (double& x : b) x = small(random);
  std::vector<double> expected(std::size_t{row_tiles} * 64, 0.0);
  for (std::size_t row = 0; row < std::size_t{row_tiles} * 8; ++row)
    for (std::size_t col = 0; col < 8; ++col)
      for (std::size_t i = 0; i < std::size_t(k); ++i)
        expected[row * 8 + col] += a[row * k + i] * b[i * 8 + col];
  const auto run = [&] {
    std::vector<double> d(expected.size(), -1.0);
    simt::launch(blocks, threads, emulated::DoubleTileProducts, a.data(), b.data(), d.data(),
                 row_tiles, k);
    CHECK(d == expected);
  };
  in_every_setting(run);
}

TEST_CASE(
    "Run as loops, __device__ functions that wait give each thread its result, as coroutines "
    "do",
    "[simt]") {
  const unsigned blocks = 3, threads = GENERATE(32u, 96u, 1024u);
  const std::size_t n = std::size_t{blocks} * threads;
  std::vector<int> in(n);
  std::iota(in.begin(), in.end(), 5);
  std::vector<int> before(n), warp_totals(n / 32, 0);
  for (std::size_t b = 0; b < blocks; ++b) {
    int sum = 0;
    for (std::size_t t = 0; t < threads; ++t) {
      before[b * threads + t] = sum;
      sum += in[b * threads + t] % 1000;
    }
  }
  for (std::size_t i = 0; i < n; ++i) warp_totals[i / 32] += in[i] % 1000;
  const auto run = [&] {
    std::vector<int> loops(n, -1), loop_totals(n / 32, -1), coroutines(n, -1);
    simt::launch(blocks, threads, emulated::ScanThroughHelpers, in.data(), loops.data(),
                 loop_totals.data());
    simt::launch(blocks, threads, emulated::ScanThroughHelpersAsCoroutines, in.data(),
                 coroutines.data(), &threads);
    CHECK(loops == before);
    CHECK(loop_totals == warp_totals);
    CHECK(coroutines == before);
  };
  in_every_setting(run);
}

TEST_CASE("Run as loops, a block whose threads all return inside an endless loop ends", "[simt]") {
  const unsigned blocks = 2, threads = 70;
  std::vector<int> out(blocks * threads, -1);
  simt::launch(blocks, threads, emulated::ReturnInsideEndlessLoop, out.data());
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < out.size(); ++i)
    wrong += out[i] != static_cast<int>((i % threads) % 4) + 1;
  CHECK(wrong == 0);
}
