// The warp-level primitives on the backend under test, checked against the rules the CUDA C++
// Programming Guide gives for them (and PTX's shfl.sync, which takes only the low five bits of
// a shuffle's lane operand), each written here as a plain loop over the lanes.
#include "warp_primitives.hpp"

#include "../../backend_under_test.hpp"
#include "../../catch.hpp"
#include "../../emulator_settings.hpp"
#include "../../random_values.hpp"

#include <simt/launch.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

namespace {

using test::backend_under_test;

constexpr int kOperands = 41;  // as kShuffleOperands in the kernel file
constexpr int kWidths = 6;

// The lane whose value lane `lane` receives (its own when the source is outside its segment).
int shuffle_source(int mode, int lane, int operand, int width) {
  const int base = lane / width * width;  // the first lane of the lane's segment
  const int end = base + width;
  const int b = operand % 32;
  switch (mode) {
    case 0: return base + operand % width;                 // __shfl_sync: srcLane modulo width
    case 1: return lane - b >= base ? lane - b : lane;     // __shfl_up_sync
    case 2: return lane + b < end ? lane + b : lane;       // __shfl_down_sync
    default: return (lane ^ b) < end ? (lane ^ b) : lane;  // __shfl_xor_sync
  }
}

}  // namespace

TEST_CASE("Every shuffle mode at every width and operand returns the lane the guide names",
          "[warp]") {
  // A coroutine per thread (ShuffleEveryMode), or loops over the block's threads with one lane
  // operand for the warp or each lane's own (ShuffleEveryModeAsLoops): with the checks off, a
  // warp's lanes then take their results from the first lane's operands or from each one's.
  const int kernel = GENERATE(0, 1, 2);
  const bool own_operands = kernel == 2;
  INFO((kernel == 0    ? "as coroutines"
        : own_operands ? "as loops, each lane's own operand"
                       : "as loops, one operand for the warp"));
  in_every_setting([&] {
    const std::vector<long long> out =
        kernel == 0
            ? warp_primitives::shuffle_every_mode(backend_under_test)
            : warp_primitives::shuffle_every_mode_as_loops(backend_under_test, own_operands);
    int wrong = 0;
    for (int mode = 0; mode < 4; ++mode)
      for (int w = 0; w < kWidths; ++w)
        for (int b = 0; b < kOperands; ++b)
          for (int lane = 0; lane < 32; ++lane) {
            const int operand = own_operands ? (b + lane) % kOperands : b;
            const long long expected = 1000LL * shuffle_source(mode, lane, operand, 1 << w) + 7;
            const long long got =
                out[static_cast<std::size_t>(((mode * kWidths + w) * kOperands + b) * 32 + lane)];
            if (got != expected && ++wrong <= 5)
              UNSCOPED_INFO("mode " << mode << " width " << (1 << w) << " operand " << operand
                                    << " lane " << lane << ": got " << got << ", expected "
                                    << expected);
          }
    CHECK(wrong == 0);
  });
}

TEST_CASE("Votes, matches and warp reductions agree with loops over the lanes of their masks",
          "[warp]") {
  const auto values = random_values<unsigned>(32, 0, 999, GENERATE(1u, 2u, 3u));
  const std::vector<unsigned> out =
      warp_primitives::votes_matches_reductions(backend_under_test, values);
  unsigned ballot = 0, thirds_ballot = 0, sum = 0, low = ~0u, high = 0, all_and = ~0u, any_or = 0,
           all_xor = 0;
  bool any_high = false, all_small = true, thirds_all = true;
  for (unsigned lane = 0; lane < 32; ++lane) {
    const unsigned v = values[lane];
    ballot |= (v & 1u) << lane;
    any_high = any_high || v > 900u;
    all_small = all_small && v < 1000u;
    if (lane % 3 == 0) {
      thirds_ballot |= ((v & 2u) != 0 ? 1u : 0u) << lane;
      thirds_all = thirds_all && (v & 4u) != 0;
    }
    sum += v;
    low = std::min(low, v);
    high = std::max(high, v);
    all_and &= v | 0x100u;
    any_or |= v;
    all_xor ^= v;
  }
  bool all_differ = false;
  for (unsigned lane = 1; lane < 32; ++lane) all_differ = all_differ || values[lane] != values[0];
  for (unsigned lane = 0; lane < 32; ++lane) {
    const unsigned* got = &out[16 * lane];
    INFO("lane " << lane);
    CHECK(got[0] == ballot);
    CHECK(got[1] == (any_high ? 1u : 0u));
    CHECK(got[2] == (all_small ? 1u : 0u));
    CHECK(got[3] == (lane % 3 == 0 ? thirds_ballot : 0xdeadu));
    CHECK(got[4] == (lane % 3 == 0 ? (thirds_all ? 1u : 0u) : 0xdeadu));
    unsigned same = 0;
    for (unsigned other = 0; other < 32; ++other)
      if (values[other] % 5u == values[lane] % 5u) same |= 1u << other;
    CHECK(got[5] == same);
    CHECK(got[6] == 0xffffffffu);
    CHECK(got[7] == (all_differ ? 10u : 11u));
    CHECK(got[8] == sum);
    CHECK(got[9] == low);
    CHECK(got[10] == high);
    CHECK(got[11] == all_and);
    CHECK(got[12] == any_or);
    CHECK(got[13] == all_xor);
    CHECK(got[14] == (lane < 10 ? 0x3ffu : 0xdeadu));
    const unsigned source = lane % 16 + 3 < 16 ? lane + 3 : lane;
    CHECK(got[15] == values[source]);
  }
}

TEST_CASE("Tiles, large tiles, coalesced groups and partitions agree with loops over their ranks",
          "[warp]") {
  const std::size_t blocks = 3;
  const auto v = random_values<int>(128 * blocks, -20, 120, GENERATE(7u, 8u));
  const std::vector<int> out = warp_primitives::group_collectives(backend_under_test, v);
  // Sum, min, max... of `op` over the `size` ranks of the tile of thread t, up to `last` ranks.
  const auto fold = [&](std::size_t t, std::size_t size, std::size_t count, auto op) {
    const std::size_t first = t / size * size;
    int r = v[first];
    for (std::size_t k = first + 1; k < first + count; ++k) r = op(r, v[k]);
    return r;
  };
  const auto plus = [](int a, int b) { return a + b; };
  const auto less = [](int a, int b) { return std::min(a, b); };
  const auto greater = [](int a, int b) { return std::max(a, b); };
  const auto bit_xor = [](int a, int b) { return a ^ b; };
  int wrong = 0;
  for (std::size_t t = 0; t < v.size(); ++t) {
    const std::size_t r = t % 128, lane = t % 32, warp = t / 32 * 32;
    std::vector<int> e(24);
    e[0] = static_cast<int>(r % 8 * 1000 + r / 8);
    e[1] = fold(t, 8, 8, plus);
    e[2] = fold(t, 16, 16, less);
    e[3] = fold(t, 32, 32, greater);
    e[4] = fold(t, 4, 4, bit_xor);
    e[5] = fold(t, 32, lane + 1, plus);
    e[6] = t % 16 == 0 ? 0 : fold(t, 16, t % 16, plus);
    e[7] = v[t / 16 * 16 + 1];
    unsigned ballot = 0;
    for (std::size_t k = 0; k < 8; ++k) ballot |= (v[t / 8 * 8 + k] > 0 ? 1u : 0u) << k;
    e[8] = static_cast<int>(ballot);
    e[9] = v[warp + (lane ^ 5)];
    bool seven = false, over = true, ninety_nine = false, over64 = true;
    for (std::size_t k = t / 16 * 16; k < t / 16 * 16 + 16; ++k) {
      seven = seven || v[k] == 7;
      over = over && v[k] > -100;
    }
    for (std::size_t k = t / 128 * 128; k < t / 128 * 128 + 128; ++k)
      ninety_nine = ninety_nine || v[k] == 99;
    for (std::size_t k = t / 64 * 64; k < t / 64 * 64 + 64; ++k) over64 = over64 && v[k] > -100;
    e[10] = (seven ? 10 : 0) + (over ? 1 : 0);
    e[11] = v[t / 64 * 64 + 63];
    e[12] = (ninety_nine ? 10 : 0) + (over64 ? 1 : 0);
    e[13] = fold(t, 128, 128, plus);
    e[14] = static_cast<int>(r % 64 * 1000 + r / 64);
    if (lane % 2 == 1) {
      e[15] = static_cast<int>(16 * 1000 + lane / 2);
      e[16] = v[warp + 1];
      unsigned packed = 0;
      for (std::size_t k = 0; k < 16; ++k) packed |= (v[warp + 2 * k + 1] > 0 ? 1u : 0u) << k;
      e[17] = static_cast<int>(packed);
    } else {
      e[15] = e[16] = e[17] = -1;
    }
    int size = 0, rank = 0, sum = 0;
    for (std::size_t k = warp; k < warp + 32; ++k)
      if (k % 128 % 3 == r % 3) {
        rank += k < t ? 1 : 0;
        ++size;
        sum += v[k];
      }
    e[18] = size * 1000 + rank;
    e[19] = sum;
    e[20] = static_cast<int>(r % 16 * 1000 + 16);
    unsigned same = 0;
    for (std::size_t k = 0; k < 8; ++k) same |= (v[t / 8 * 8 + k] % 3 == v[t] % 3 ? 1u : 0u) << k;
    e[21] = static_cast<int>(same);
    e[22] = fold(t, 4, t % 4 + 1, greater);
    e[23] = (lane >= 2 ? v[t - 2] : v[t]) + (lane + 30 < 32 ? v[t + 30] : v[t]);
    for (std::size_t k = 0; k < 24; ++k)
      if (out[24 * t + k] != e[k] && ++wrong <= 8)
        UNSCOPED_INFO("thread " << t << " result " << k << ": got " << out[24 * t + k]
                                << ", expected " << e[k]);
  }
  CHECK(wrong == 0);
}

TEST_CASE(
    "On the emulator, warp collectives give the same results in shuffled lane orders and "
    "with every check on",
    "[warp]") {
  if (backend_under_test != tutorial::Backend::emulator) return;  // an emulator setting
  const auto v = random_values<int>(128 * 3, -20, 120, 9);
  const auto values = random_values<unsigned>(32, 0, 999, 4);
  const std::vector<int> groups = warp_primitives::group_collectives(backend_under_test, v);
  const std::vector<unsigned> votes =
      warp_primitives::votes_matches_reductions(backend_under_test, values);
  const std::vector<long long> shuffles = warp_primitives::shuffle_every_mode(backend_under_test);
  in_shuffled_orders_with_every_check([&] {
    CHECK(warp_primitives::group_collectives(backend_under_test, v) == groups);
    CHECK(warp_primitives::votes_matches_reductions(backend_under_test, values) == votes);
    CHECK(warp_primitives::shuffle_every_mode(backend_under_test) == shuffles);
  });
}
