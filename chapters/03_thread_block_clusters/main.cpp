// Chapter 03 - thread block clusters (CUDA C++ Programming Guide, "Thread Block Clusters").
// Launches one kernel with a compile-time cluster shape and one with a launch-time shape,
// prints where each block landed, checks it against the rule, and exchanges values between the
// blocks of a cluster through distributed shared memory.

#include "clusters.hpp"

#include "common/backend.hpp"
#include "common/cli.hpp"
#include "common/memory_budget.hpp"
#include "common/sample_main.hpp"
#include "common/usage_error.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace {

// [doc:rule]
// The rule: a cluster is a cluster.x by cluster.y tile of blocks; a block's rank is its
// row-major position inside that tile, and its cluster is blockIdx / cluster shape.
bool follows_the_rule(const clusters::BlockPlace& p, clusters::Extent cluster, unsigned threads) {
  const unsigned x = p.block_x % cluster.x, y = p.block_y % cluster.y;
  return p.rank == x + y * cluster.x && p.cluster_x == p.block_x / cluster.x &&
         p.cluster_y == p.block_y / cluster.y && p.num_blocks == cluster.volume() &&
         p.num_threads == cluster.volume() * threads && p.dim_x == cluster.x &&
         p.dim_y == cluster.y;
}
// [doc:rule]

// Prints the mapping (at most 16 rows) and says whether every block follows the rule.
bool show(const char* title, const std::vector<clusters::BlockPlace>& places, clusters::Extent grid,
          clusters::Extent cluster, unsigned threads) {
  std::printf("%s: grid %u x %u blocks of %u threads, clusters of %u x %u\n", title, grid.x, grid.y,
              threads, cluster.x, cluster.y);
  std::printf("  %-10s %-10s %-6s %-11s %-12s %s\n", "blockIdx", "cluster", "rank", "num_blocks",
              "num_threads", "dim_blocks");
  std::size_t wrong = 0, shown = 0;
  for (const auto& p : places) {
    wrong += !follows_the_rule(p, cluster, threads);
    if (shown++ < 16)
      std::printf("  (%2u, %2u)   (%2u, %2u)   %-6u %-11u %-12u (%u, %u)\n", p.block_x, p.block_y,
                  p.cluster_x, p.cluster_y, p.rank, p.num_blocks, p.num_threads, p.dim_x, p.dim_y);
  }
  if (places.size() > 16) std::printf("  ... %zu more blocks\n", places.size() - 16);
  if (wrong == 0)
    std::printf(
        "  result: match (all %zu blocks have rank = x + y * cluster.x within their cluster)\n",
        places.size());
  else
    std::printf("  result: MISMATCH (%zu of %zu blocks break the rule)\n", wrong, places.size());
  return wrong == 0;
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    unsigned grid_x = 8, grid_y = 2, cluster_x = 2, cluster_y = 2, threads = 128, exchange_size = 4;
    tutorial::Cli cli("03_thread_block_clusters", "Chapter 03: thread block clusters");
    cli.add_integer("--grid-x", grid_x, 1, 65535, "blocks along x");
    cli.add_integer("--grid-y", grid_y, 1, 65535, "blocks along y");
    cli.add_integer("--cluster-x", cluster_x, 1, 16,
                    "blocks per cluster along x (launch-time shape)",
                    "a cluster has at most 16 blocks");
    cli.add_integer("--cluster-y", cluster_y, 1, 16,
                    "blocks per cluster along y (launch-time shape)",
                    "a cluster has at most 16 blocks");
    cli.add_integer("--threads", threads, 1, 1024, "threads per block",
                    "a block has at most 1024 threads");
    cli.add_integer("--exchange-cluster-size", exchange_size, 1, 16,
                    "blocks per cluster in the distributed-shared-memory exchange",
                    "a cluster has at most 16 blocks");
    // Clusters need compute capability 9.0 (Hopper) on the GPU.
    const auto chosen = cli.parse_and_select_backend(argc, argv, {9, 0});
    if (!chosen) return 0;
    if (cli.common().benchmark)
      throw tutorial::UsageError("--benchmark",
                                 "chapter 03 has nothing to measure; see chapter 04");

    const clusters::Extent grid{grid_x, grid_y}, cluster{cluster_x, cluster_y};
    // Each block records its place, in device memory and on the host.
    tutorial::require_memory("--grid-x/--grid-y", grid.volume(), sizeof(clusters::BlockPlace), 2,
                             chosen->backend);
    const auto limits = clusters::query_limits(cluster, threads);
    clusters::check_cluster_shape(grid, clusters::compile_time_cluster, limits);
    clusters::check_cluster_shape(grid, cluster, limits);
    clusters::check_cluster_shape({exchange_size, 1}, {exchange_size, 1}, limits);

    std::printf("Chapter 03: thread block clusters on %s\n", chosen->where().c_str());
    std::printf(
        "largest cluster for %u-thread blocks: %d portable, %d with non-portable sizes allowed\n",
        threads, limits.max_portable, limits.max_non_portable);
    std::printf("clusters of %u x %u resident at once (cudaOccupancyMaxActiveClusters): %d\n",
                cluster.x, cluster.y, limits.max_active_clusters);

    bool ok =
        show("__cluster_dims__(2, 1, 1) with <<<>>>",
             clusters::record_places(clusters::ShapeGiven::compile_time, grid, cluster, threads),
             grid, clusters::compile_time_cluster, threads);
    ok &= show("cudaLaunchKernelEx with a cluster attribute",
               clusters::record_places(clusters::ShapeGiven::at_launch, grid, cluster, threads),
               grid, cluster, threads);

    const unsigned count = 4;
    const auto read = clusters::exchange(count, exchange_size);
    std::size_t wrong = 0;
    for (unsigned b = 0; b < read.size(); ++b) {
      const unsigned rank = b % exchange_size, neighbour = (rank + 1) % exchange_size;
      wrong += read[b] != 100 * (b - rank + neighbour) + neighbour;
    }
    std::printf("distributed shared memory, %u clusters of %u blocks: %s\n", count, exchange_size,
                wrong == 0 ? "match (every block read its neighbour's value after cluster.sync())"
                           : "MISMATCH");
    return ok && wrong == 0 ? 0 : 1;
  });
}
