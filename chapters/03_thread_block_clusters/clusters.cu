// Chapter 03's host code, as the CUDA runtime API writes it: a compile-time cluster shape with
// <<<>>>, a launch-time shape with cudaLaunchKernelEx, and the occupancy queries. nvcc builds
// this file for the GPU; simt translates the very same file for the CPU emulator (the sample's
// CPU build).

#include "clusters.hpp"
#include "clusters_kernels.cuh"

#include "common/cluster_launch.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/usage_error.hpp"

#include <string>

namespace clusters {

namespace {

std::string shape(Extent d) { return std::to_string(d.x) + " x " + std::to_string(d.y); }

std::vector<BlockPlace> to_places(const std::vector<unsigned>& raw) {
  std::vector<BlockPlace> places(raw.size() / kPlaceFields);
  for (std::size_t b = 0; b < places.size(); ++b) {
    const unsigned* r = &raw[kPlaceFields * b];
    places[b] = {r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8]};
  }
  return places;
}

// [doc:launch-config]
// A launch whose cluster shape is chosen at run time.
void launch_with_cluster(dim3 grid, dim3 cluster, unsigned threads, unsigned* out) {
  if (cluster.x * cluster.y * cluster.z > 8)  // 8 is portable; more must be asked for
    CUDA_CHECK(cudaFuncSetAttribute(RecordPlaceLaunchCluster,
                                    cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  cudaLaunchConfig_t config = {};
  config.gridDim = grid;
  config.blockDim = dim3(threads);
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = cluster.x;
  attribute[0].val.clusterDim.y = cluster.y;
  attribute[0].val.clusterDim.z = cluster.z;
  config.attrs = attribute;
  config.numAttrs = 1;
  CUDA_CHECK(cudaLaunchKernelEx(&config, RecordPlaceLaunchCluster, out));
}
// [doc:launch-config]

}  // namespace

ClusterLimits query_limits(Extent cluster, unsigned threads) {
  ClusterLimits limits;
  // [doc:occupancy]
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(cluster.x * 16, cluster.y);
  config.blockDim = dim3(threads);
  CUDA_CHECK(cudaFuncSetAttribute(RecordPlaceLaunchCluster,
                                  cudaFuncAttributeNonPortableClusterSizeAllowed, 0));
  CUDA_CHECK(cudaOccupancyMaxPotentialClusterSize(&limits.max_portable, RecordPlaceLaunchCluster,
                                                  &config));
  CUDA_CHECK(cudaFuncSetAttribute(RecordPlaceLaunchCluster,
                                  cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  CUDA_CHECK(cudaOccupancyMaxPotentialClusterSize(&limits.max_non_portable,
                                                  RecordPlaceLaunchCluster, &config));

  // How many clusters of this shape can be resident on the GPU at once.
  const tutorial::ClusterLaunchConfig with_clusters{config.gridDim, config.blockDim,
                                                    dim3(cluster.x, cluster.y)};
  CUDA_CHECK(cudaOccupancyMaxActiveClusters(&limits.max_active_clusters, RecordPlaceLaunchCluster,
                                            with_clusters.get()));
  // [doc:occupancy]
  return limits;
}

void check_cluster_shape(Extent grid, Extent cluster, const ClusterLimits& limits) {
  if (cluster.volume() == 0)
    throw tutorial::UsageError("--cluster-x/--cluster-y",
                               "a cluster has at least one block in each dimension");
  if (cluster.volume() > static_cast<std::uint64_t>(limits.max_non_portable))
    throw tutorial::UsageError("--cluster-x/--cluster-y",
                               "a cluster of " + shape(cluster) + " = " +
                                   std::to_string(cluster.volume()) + " blocks exceeds the " +
                                   std::to_string(limits.max_non_portable) +
                                   " this device allows (8 is the portable limit; more needs "
                                   "cudaFuncAttributeNonPortableClusterSizeAllowed)");
  if (grid.x % cluster.x != 0 || grid.y % cluster.y != 0)
    throw tutorial::UsageError(
        "--grid-x/--grid-y",
        "the grid of " + shape(grid) + " blocks is not a whole number of " + shape(cluster) +
            " clusters: each grid dimension must be a multiple of the cluster's");
}

std::vector<BlockPlace> record_places(ShapeGiven given, Extent grid, Extent cluster,
                                      unsigned threads) {
  std::vector<unsigned> raw(static_cast<std::size_t>(kPlaceFields * grid.volume()), ~0u);
  tutorial::DeviceBuffer<unsigned> d_out{std::span<const unsigned>(raw)};
  if (given == ShapeGiven::compile_time) {
    // [doc:launch-compile-time]
    RecordPlaceFixedCluster<<<dim3(grid.x, grid.y), threads>>>(d_out.get());
    // [doc:launch-compile-time]
    CUDA_CHECK(cudaGetLastError());
  } else {
    launch_with_cluster(dim3(grid.x, grid.y), dim3(cluster.x, cluster.y), threads, d_out.get());
  }
  return to_places(d_out.to_host());
}

std::vector<unsigned> exchange(unsigned clusters, unsigned cluster_size) {
  const unsigned blocks = clusters * cluster_size, threads = 32;
  std::vector<unsigned> read(blocks, ~0u);
  tutorial::DeviceBuffer<unsigned> d_read{std::span<const unsigned>(read)};
  CUDA_CHECK(cudaFuncSetAttribute(ExchangeWithNeighbour,
                                  cudaFuncAttributeNonPortableClusterSizeAllowed,
                                  cluster_size > 8 ? 1 : 0));
  const tutorial::ClusterLaunchConfig config{dim3(blocks), dim3(threads), dim3(cluster_size)};
  CUDA_CHECK(cudaLaunchKernelEx(config.get(), ExchangeWithNeighbour, d_read.get()));
  return d_read.to_host();
}

}  // namespace clusters
