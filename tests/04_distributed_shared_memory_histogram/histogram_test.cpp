// Chapter 04: every strategy and cluster size against a CPU histogram. Built twice: with the
// chapter's CPU build (04_distributed_shared_memory_histogram_tests) and its GPU build
// (..._gpu_tests).
#include "histogram.hpp"
#include "inputs.hpp"

#include "../catch.hpp"
#include "../random_values.hpp"
#include "common/usage_error.hpp"

#include <algorithm>
#include <vector>

namespace {

// An H100's limits (the emulator imitates one): 227 KiB of shared memory per block, clusters of
// up to 16 blocks, 132 multiprocessors.
const histogram::Limits h100{227 * 1024, 16, 132};

// The chapter's one CPU reference (clamp, then count) is what every result is held to.
void check(const histogram::Plan& plan, const std::vector<int>& values, int nbins) {
  INFO(plan.describe() << ", " << values.size() << " values, " << nbins << " bins");
  REQUIRE(plan.nbins == nbins);
  const auto limits = histogram::query_limits();
  REQUIRE(histogram::compute(plan, limits, values) ==
          histogram::reference_histogram(values, nbins));
}

}  // namespace

TEST_CASE("Each strategy and cluster size counts every value including out-of-range ones", "[04]") {
  const auto limits = histogram::query_limits();
  const int nbins = GENERATE(1, 7, 256, 1000, 4099);
  const auto values = random_values<int>(20000, -50, nbins + 50, static_cast<unsigned>(nbins));
  check(histogram::plan(histogram::Strategy::global, 0, nbins, limits), values, nbins);
  check(histogram::plan(histogram::Strategy::shared, 0, nbins, limits), values, nbins);
  for (unsigned size : {1u, 2u, 4u, 8u})  // 1000 and 4099 bins are not multiples of 8
    check(histogram::plan(histogram::Strategy::cluster, size, nbins, limits), values, nbins);
}

TEST_CASE("Histograms of one value and of fewer values than threads are exact", "[04]") {
  const auto limits = histogram::query_limits();
  for (auto strategy :
       {histogram::Strategy::global, histogram::Strategy::shared, histogram::Strategy::cluster}) {
    check(histogram::plan(strategy, strategy == histogram::Strategy::cluster ? 4 : 0, 100, limits),
          {42}, 100);
    check(histogram::plan(strategy, strategy == histogram::Strategy::cluster ? 2 : 0, 100, limits),
          random_values<int>(300, 0, 99, 3), 100);
  }
}

TEST_CASE("Values all out of range land in the first and last bins", "[04]") {
  const auto limits = histogram::query_limits();
  std::vector<int> values = random_values<int>(5000, -1000, -1, 5);
  const auto high = random_values<int>(3000, 64, 100000, 6);
  values.insert(values.end(), high.begin(), high.end());
  for (unsigned size : {1u, 2u, 8u})
    check(histogram::plan(histogram::Strategy::cluster, size, 64, limits), values, 64);
  check(histogram::plan(histogram::Strategy::shared, 0, 64, limits), values, 64);
}

TEST_CASE("Skewed inputs where most values hit a few bins are exact", "[04]") {
  const auto limits = histogram::query_limits();
  std::vector<int> values(50000, 17);
  const auto rest = random_values<int>(5000, 0, 4095, 9);
  std::copy(rest.begin(), rest.end(), values.begin());
  for (auto strategy :
       {histogram::Strategy::global, histogram::Strategy::shared, histogram::Strategy::cluster})
    check(histogram::plan(strategy, 0, 4096, limits), values, 4096);
}

TEST_CASE("Auto picks shared memory then a cluster of two then global memory", "[04]") {
  histogram::Limits limits = h100;
  CHECK(histogram::plan(histogram::Strategy::automatic, 0, 4096, limits).strategy ==
        histogram::Strategy::shared);
  CHECK(histogram::plan(histogram::Strategy::automatic, 0, 58112, limits).strategy ==
        histogram::Strategy::shared);
  const auto two = histogram::plan(histogram::Strategy::automatic, 0, 65536, limits);
  CHECK((two.strategy == histogram::Strategy::cluster && two.cluster_size == 2));
  CHECK(histogram::plan(histogram::Strategy::automatic, 0, 116224, limits).cluster_size == 2);
  // Beyond two blocks' shared memory, global atomics were as fast or faster on an H100.
  CHECK(histogram::plan(histogram::Strategy::automatic, 0, 116225, limits).strategy ==
        histogram::Strategy::global);
  CHECK(histogram::plan(histogram::Strategy::automatic, 0, 262144, limits).strategy ==
        histogram::Strategy::global);
  CHECK(histogram::plan(histogram::Strategy::automatic, 0, 1048576, limits).strategy ==
        histogram::Strategy::global);
  limits.max_cluster_size = 1;  // a device without clusters of 2
  CHECK(histogram::plan(histogram::Strategy::automatic, 0, 65536, limits).strategy ==
        histogram::Strategy::global);
  CHECK_THROWS_AS(histogram::plan(histogram::Strategy::shared, 0, 65536, limits),
                  tutorial::UsageError);
  CHECK_THROWS_AS(histogram::plan(histogram::Strategy::cluster, 2, 200000, limits),
                  tutorial::UsageError);
  CHECK_THROWS_AS(histogram::plan(histogram::Strategy::cluster, 16, 1000, limits),
                  tutorial::UsageError);
}

TEST_CASE("A large histogram over a cluster of 16 blocks is exact", "[04]") {
  const auto limits = histogram::query_limits();
  if (limits.max_cluster_size < 16)
    SUCCEED("this device schedules no clusters of 16");
  else
    check(histogram::plan(histogram::Strategy::cluster, 16, 900000, limits),
          random_values<int>(200000, -10, 900010, 11), 900000);
}

TEST_CASE("Warp-aggregated global and shared kernels count every distribution exactly", "[04]") {
  using histogram::Distribution;
  using histogram::Setting;
  const auto limits = histogram::query_limits();
  const auto distribution =
      GENERATE(Distribution::uniform, Distribution::skewed, Distribution::single);
  // 20,003 values: the last 16-byte load is partial, and the last warp's lanes run out early.
  const std::size_t n = GENERATE(20003, 7);
  const auto values = histogram::make_values(static_cast<long long>(n), 1000, distribution,
                                             static_cast<std::uint64_t>(n), true);
  for (auto strategy : {histogram::Strategy::global, histogram::Strategy::shared}) {
    const auto plan = histogram::plan(strategy, 0, 1000, limits, Setting::on);
    CHECK(plan.warp_aggregated);
    check(plan, values, 1000);
  }
}

TEST_CASE("The CPU reference clamps out-of-range values into the first and last bins", "[04]") {
  // 3 1 4 1 5 9 2 6 -7 5 3 over bins 0..5: 9 and 6 clamp to 5, -7 to 0.
  CHECK(histogram::reference_histogram(std::vector<int>{3, 1, 4, 1, 5, 9, 2, 6, -7, 5, 3}, 6) ==
        std::vector<int>{1, 2, 1, 2, 1, 4});
}

TEST_CASE("Every plan the benchmark times fits the limits and is the one plan() makes", "[04]") {
  const histogram::Limits limits = h100;
  for (const int nbins : {256, 65536, 1048576}) {
    const auto plans = histogram::every_plan(nbins, limits);
    INFO(nbins << " bins");
    CHECK(plans.size() >= 2);  // global, with and without aggregation
    for (const histogram::Plan& p : plans) {
      CHECK(p.nbins == nbins);
      CHECK(p.shared_bytes <= limits.shared_bytes_per_block);
      if (p.strategy == histogram::Strategy::cluster)
        CHECK(histogram::plan(p.strategy, p.cluster_size, nbins, limits).bins_per_block ==
              p.bins_per_block);
    }
  }
  // 256 bins: global and shared, each with and without aggregation, and clusters of 1 to 16.
  CHECK(histogram::every_plan(256, limits).size() == 4 + 5);
  // 1,048,576 bins (4 MiB): only global, and a cluster of 16 would need 256 KiB per block.
  CHECK(histogram::every_plan(1048576, limits).size() == 2);
  // With hot bins, one more: global with them cached.
  const auto with_hot = histogram::every_plan(1048576, limits, {7, 99});
  REQUIRE(with_hot.size() == 3);
  CHECK(with_hot.back().hot.count == 2);
  CHECK(histogram::every_plan(256, limits, {7}).size() == 4 + 5 + 1);
}

TEST_CASE("The sample tells spread values from values that share bins", "[04]") {
  using histogram::Distribution;
  const auto distinct = [](Distribution d, int nbins) {
    return histogram::distinct_bins_per_warp(histogram::make_values(1 << 16, nbins, d, 1, false),
                                             nbins);
  };
  // 32 values drawn uniformly from 4096 bins: 4096 * (1 - (4095/4096)^32) = 31.9 distinct.
  CHECK(distinct(Distribution::uniform, 4096) > 31.0);
  // 90% of the values in four bins: about 4 + 3.2 others.
  CHECK(distinct(Distribution::skewed, 4096) < 10.0);
  CHECK(distinct(Distribution::single, 4096) == 1.0);
  CHECK(histogram::distinct_bins_per_warp(std::vector<int>{5, 5, 7}, 10) == 2.0);
}

TEST_CASE("Auto aggregates atomics in device memory when warps share bins, and only there",
          "[04]") {
  using histogram::Setting;
  using histogram::Strategy;
  const histogram::Limits limits = h100;
  // Samples with no hot bins: 1 or 32 distinct bins per warp.
  const auto automatic = [&](int nbins, bool contended) {
    return histogram::plan(Strategy::automatic, 0, nbins, limits, Setting::automatic,
                           histogram::Setting::automatic, {contended ? 1.0 : 32.0, {}});
  };
  CHECK(automatic(1048576, true).strategy == Strategy::global);
  CHECK(automatic(1048576, true).warp_aggregated);
  CHECK_FALSE(automatic(1048576, false).warp_aggregated);
  // In shared memory, and in the guide's cluster kernel, auto never aggregates.
  CHECK_FALSE(automatic(4096, true).warp_aggregated);
  CHECK(automatic(65536, true).strategy == Strategy::cluster);
  CHECK_FALSE(automatic(65536, true).warp_aggregated);
  // What the user says wins, where the kernel has it.
  CHECK(histogram::plan(Strategy::shared, 0, 4096, limits, Setting::on).warp_aggregated);
  CHECK_FALSE(histogram::plan(Strategy::global, 0, 4096, limits, Setting::off,
                              histogram::Setting::off, {1.0, {}})
                  .warp_aggregated);
  CHECK_THROWS_AS(histogram::plan(Strategy::cluster, 2, 4096, limits, Setting::on),
                  tutorial::UsageError);
}

TEST_CASE("The sample finds the bins that hold at least 1/512 of the values, most frequent first",
          "[04]") {
  using histogram::Distribution;
  const auto hot = [](Distribution d, int nbins) {
    return histogram::hot_bins(histogram::make_values(1 << 16, nbins, d, 3, false), nbins,
                               kMaxHotBins);
  };
  // make_values puts 90% of the skewed values in bins 0, n/4, n/2 and 3n/4: four bins of about
  // 22.5% each; the other 10% spread over 65,536 bins stay far below 1/512 each.
  auto skewed = hot(Distribution::skewed, 65536);
  std::sort(skewed.begin(), skewed.end());
  CHECK(skewed == std::vector<int>{0, 16384, 32768, 49152});
  CHECK(hot(Distribution::single, 65536) == std::vector<int>{32768});
  CHECK(hot(Distribution::uniform, 65536).empty());
  // 7 three times, 5 twice, 2 once: each is at least 1/512 of six values. Out-of-range values
  // count in the bin they clamp to (9 in bin 7).
  CHECK(histogram::hot_bins(std::vector<int>{5, 7, 9, 5, 2, 7}, 8, 256) ==
        std::vector<int>{7, 5, 2});
  CHECK(histogram::hot_bins(std::vector<int>{5, 7, 9, 5, 2, 7}, 8, 2) == std::vector<int>{7, 5});
}

TEST_CASE("The hot-bin cache counts every value exactly, cached or not", "[04]") {
  using histogram::Distribution;
  using histogram::Setting;
  const auto limits = histogram::query_limits();
  const auto distribution =
      GENERATE(Distribution::uniform, Distribution::skewed, Distribution::single);
  const int nbins = GENERATE(1, 1000, 300000);
  // 20,003 values: the last 16-byte load is partial; 7: fewer values than one warp.
  const std::size_t n = GENERATE(20003, 7);
  const auto values = histogram::make_values(static_cast<long long>(n), nbins, distribution,
                                             static_cast<std::uint64_t>(n + nbins), true);
  // The sample's own hot bins, as auto would cache them.
  const auto sampled = histogram::sample_input(values, nbins);
  check(histogram::plan(histogram::Strategy::global, 0, nbins, limits, Setting::off, Setting::on,
                        sampled),
        values, nbins);
  // The first and last bins (where out-of-range values land), and a full
  // cache of kMaxHotBins bins, some of which share a slot (256 bins in 1024 slots collide with
  // near certainty): a bin that loses its slot counts in device memory.
  std::vector<int> many{nbins - 1, 0, nbins / 3};
  for (int k = 0; static_cast<int>(many.size()) < kMaxHotBins; ++k)
    many.push_back(static_cast<int>((k * 7919LL) % nbins));
  const auto plan = histogram::plan(histogram::Strategy::global, 0, nbins, limits, Setting::off,
                                    Setting::on, {32, many});
  CHECK(plan.hot.count == kMaxHotBins);
  check(plan, values, nbins);
}

TEST_CASE("Auto caches hot bins when the histogram does not fit in one block", "[04]") {
  using histogram::Setting;
  using histogram::Strategy;
  const histogram::Limits limits = h100;
  const histogram::InputSample skewed{7.2, {0, 16384, 32768, 49152}};
  const auto automatic = [&](int nbins) {
    return histogram::plan(Strategy::automatic, 0, nbins, limits, Setting::automatic,
                           Setting::automatic, skewed);
  };
  CHECK(automatic(65536).strategy == Strategy::global);
  CHECK(automatic(65536).hot.count == 4);
  CHECK_FALSE(automatic(65536).warp_aggregated);
  CHECK(automatic(1048576).hot.count == 4);
  // A histogram in one block's shared memory counts there, hot bins or not.
  CHECK(automatic(4096).strategy == Strategy::shared);
  CHECK(automatic(4096).hot.count == 0);
  // The cache takes the bins of the histogram, the most frequent first, as many as it holds.
  std::vector<int> offered{-1, 70000, 5, 7};
  offered.resize(400, 9);
  const auto taken = histogram::plan(Strategy::global, 0, 65536, limits, Setting::off, Setting::on,
                                     {1.0, offered});
  REQUIRE(taken.hot.count == kMaxHotBins);
  CHECK(taken.hot.bins[0] == 5);
  CHECK(taken.hot.bins[1] == 7);
  // What the user says wins.
  CHECK(histogram::plan(Strategy::automatic, 0, 65536, limits, Setting::automatic, Setting::off,
                        skewed)
            .strategy == Strategy::cluster);
  // With --strategy global, auto caches the hot bins whatever the size of the histogram.
  CHECK(histogram::plan(Strategy::global, 0, 4096, limits, Setting::automatic, Setting::automatic,
                        {7.2, {0, 1024, 2048, 3072}})
            .hot.count == 4);
  CHECK_THROWS_AS(
      histogram::plan(Strategy::shared, 0, 4096, limits, Setting::off, Setting::on, skewed),
      tutorial::UsageError);
  CHECK_THROWS_AS(
      histogram::plan(Strategy::global, 0, 4096, limits, Setting::on, Setting::on, skewed),
      tutorial::UsageError);
}
