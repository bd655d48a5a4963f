// Chapter 03: where each block lands in its cluster, and the refusals. Built twice: with the
// chapter's CPU build (03_thread_block_clusters_tests) and its GPU build (..._gpu_tests).
#include "clusters.hpp"

#include "../catch.hpp"
#include "common/usage_error.hpp"

#include <vector>

namespace {

// The rule, checked independently: cluster (x, y) holds blocks x*cx .. x*cx+cx-1 along x (and
// likewise along y), ranked row-major inside the cluster.
std::size_t blocks_breaking_the_rule(const std::vector<clusters::BlockPlace>& places,
                                     clusters::Extent grid, clusters::Extent cluster,
                                     unsigned threads) {
  std::size_t wrong = places.size() == grid.volume() ? 0 : 1;
  std::size_t b = 0;
  for (unsigned y = 0; y < grid.y; ++y)
    for (unsigned x = 0; x < grid.x; ++x, ++b) {
      const auto& p = places.at(b);
      unsigned expected_rank = 0;
      for (unsigned ry = y - y % cluster.y; ry < y; ++ry) expected_rank += cluster.x;  // rows above
      expected_rank += x % cluster.x;
      wrong += p.block_x != x || p.block_y != y || p.cluster_x != x / cluster.x ||
               p.cluster_y != y / cluster.y || p.rank != expected_rank ||
               p.num_blocks != cluster.volume() || p.num_threads != cluster.volume() * threads ||
               p.dim_x != cluster.x || p.dim_y != cluster.y;
    }
  return wrong;
}

}  // namespace

TEST_CASE("Blocks of a compile-time cluster shape are ranked by their position in the cluster",
          "[03]") {
  const auto grid =
      GENERATE(clusters::Extent{2, 1}, clusters::Extent{8, 2}, clusters::Extent{16, 3});
  const unsigned threads = 64;
  const auto places = clusters::record_places(clusters::ShapeGiven::compile_time, grid,
                                              clusters::Extent{1, 1}, threads);
  REQUIRE(blocks_breaking_the_rule(places, grid, clusters::compile_time_cluster, threads) == 0);
}

TEST_CASE("Blocks of launch-time 1D and 2D cluster shapes are ranked row-major in the cluster",
          "[03]") {
  const auto shapes = GENERATE(std::pair{clusters::Extent{8, 2}, clusters::Extent{1, 1}},
                               std::pair{clusters::Extent{8, 2}, clusters::Extent{4, 1}},
                               std::pair{clusters::Extent{8, 4}, clusters::Extent{2, 2}},
                               std::pair{clusters::Extent{4, 8}, clusters::Extent{1, 4}},
                               std::pair{clusters::Extent{16, 2}, clusters::Extent{8, 1}},
                               std::pair{clusters::Extent{6, 6}, clusters::Extent{3, 2}});
  const unsigned threads = 32;
  const auto places = clusters::record_places(clusters::ShapeGiven::at_launch, shapes.first,
                                              shapes.second, threads);
  REQUIRE(blocks_breaking_the_rule(places, shapes.first, shapes.second, threads) == 0);
}

TEST_CASE("Cluster shapes the launch would reject are refused before launching", "[03]") {
  const auto limits = clusters::query_limits(clusters::Extent{2, 1}, 128);
  CHECK(limits.max_portable >= 8);
  CHECK_THROWS_AS(
      clusters::check_cluster_shape(clusters::Extent{6, 2}, clusters::Extent{4, 1}, limits),
      tutorial::UsageError);
  CHECK_THROWS_AS(
      clusters::check_cluster_shape(clusters::Extent{8, 2}, clusters::Extent{2, 3}, limits),
      tutorial::UsageError);
  CHECK_THROWS_AS(
      clusters::check_cluster_shape(clusters::Extent{64, 4}, clusters::Extent{8, 4}, limits),
      tutorial::UsageError);
  CHECK_THROWS_AS(
      clusters::check_cluster_shape(clusters::Extent{8, 2}, clusters::Extent{0, 1}, limits),
      tutorial::UsageError);
  CHECK_NOTHROW(
      clusters::check_cluster_shape(clusters::Extent{8, 4}, clusters::Extent{2, 2}, limits));
}

TEST_CASE("After cluster sync each block reads its neighbour's shared memory", "[03]") {
  const unsigned size = GENERATE(1u, 2u, 4u, 8u);
  const auto read = clusters::exchange(3, size);
  REQUIRE(read.size() == 3 * size);
  for (unsigned b = 0; b < read.size(); ++b) {
    const unsigned neighbour_block = b - b % size + (b % size + 1) % size;
    CHECK(read[b] == 100 * neighbour_block + (b % size + 1) % size);
  }
}
