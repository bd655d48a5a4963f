#include "cluster_launch.hpp"

namespace tutorial {

ClusterLaunchConfig::ClusterLaunchConfig(dim3 grid, dim3 block, dim3 cluster,
                                         std::size_t dynamic_shared_bytes) {
  attribute_[0].id = cudaLaunchAttributeClusterDimension;
  attribute_[0].val.clusterDim.x = cluster.x;
  attribute_[0].val.clusterDim.y = cluster.y;
  attribute_[0].val.clusterDim.z = cluster.z;
  config_.gridDim = grid;
  config_.blockDim = block;
  config_.dynamicSmemBytes = dynamic_shared_bytes;
  config_.attrs = attribute_;
  config_.numAttrs = 1;
}

void ClusterLaunchConfig::set_grid(dim3 grid) noexcept { config_.gridDim = grid; }

}  // namespace tutorial
