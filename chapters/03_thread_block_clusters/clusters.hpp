#pragma once
// Chapter 03's kernel library: launching thread block clusters. The same sources are built
// twice: for the GPU (nvcc) and for the CPU emulator (simt); a program links one of the two.

#include <cstdint>
#include <string>
#include <vector>

namespace clusters {

/// A grid's or a cluster's extent in blocks, x by y, as a launch's dim3 gives it (this header
/// is also host-only code's, which has no dim3).
struct Extent {
  unsigned x = 1;  ///< blocks along x
  unsigned y = 1;  ///< blocks along y
  /// Blocks in all.
  [[nodiscard]] constexpr std::uint64_t volume() const { return std::uint64_t{x} * y; }
};

/// What one block recorded about its place in the grid and its cluster.
struct BlockPlace {
  unsigned block_x, block_y;      ///< blockIdx
  unsigned cluster_x, cluster_y;  ///< which cluster (blockIdx / cluster shape)
  unsigned rank;                  ///< cluster.block_rank()
  unsigned num_blocks;            ///< cluster.num_blocks()
  unsigned num_threads;           ///< cluster.num_threads()
  unsigned dim_x, dim_y;          ///< cluster.dim_blocks()
};

/// How the cluster shape is given.
enum class ShapeGiven {
  compile_time,  ///< __cluster_dims__(2, 1, 1) on the kernel, launched with <<<>>>.
  at_launch,     ///< cudaLaunchKernelEx with cudaLaunchAttributeClusterDimension.
};

/// The compile-time shape of RecordPlaceFixedCluster.
inline constexpr Extent compile_time_cluster{2, 1};

/// What the device (or the emulator) allows for clusters of `threads`-thread blocks.
struct ClusterLimits {
  int max_portable = 8;         ///< cudaOccupancyMaxPotentialClusterSize, portable sizes.
  int max_non_portable = 16;    ///< The same with cudaFuncAttributeNonPortableClusterSizeAllowed.
  int max_active_clusters = 0;  ///< cudaOccupancyMaxActiveClusters for the launch-time shape.
};

/// Queries the limits for RecordPlaceLaunchCluster with `cluster` and `threads` per block.
[[nodiscard]] ClusterLimits query_limits(Extent cluster, unsigned threads);

/// Refuses, with a UsageError citing the rule, a cluster shape the launch would reject:
/// a zero extent, more blocks than `limits` allow, or a grid that is not whole clusters.
void check_cluster_shape(Extent grid, Extent cluster, const ClusterLimits& limits);

/// Launches RecordPlace* over `grid` (blocks of `threads` threads) and returns each block's
/// record, in linear block order. `cluster` is used when shape == at_launch.
[[nodiscard]] std::vector<BlockPlace> record_places(ShapeGiven shape, Extent grid, Extent cluster,
                                                    unsigned threads);

/// Runs ExchangeWithNeighbour on `clusters` clusters of `cluster_size` blocks; element b is
/// what block b read from its neighbour's shared memory.
[[nodiscard]] std::vector<unsigned> exchange(unsigned clusters, unsigned cluster_size);

}  // namespace clusters
