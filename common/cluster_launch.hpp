#pragma once
/// @file
/// @brief A `cudaLaunchKernelEx` configuration with a thread block cluster shape.
///
/// Chapter 03 spells the configuration out once; everything else uses this.

#include <cuda_runtime_api.h>

#include <cstddef>

namespace tutorial {

/// @brief `cudaLaunchConfig_t` with a `cudaLaunchAttributeClusterDimension` attribute, which it
/// owns: keep the object alive until the launch (it cannot be copied, the config points into it).
class ClusterLaunchConfig {
 public:
  /// @brief `grid` blocks of `block` threads in clusters of `cluster` blocks.
  ClusterLaunchConfig(dim3 grid, dim3 block, dim3 cluster, std::size_t dynamic_shared_bytes = 0) {
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
  ClusterLaunchConfig(const ClusterLaunchConfig&) = delete;
  ClusterLaunchConfig& operator=(const ClusterLaunchConfig&) = delete;

  /// @brief For cudaLaunchKernelEx and the occupancy queries.
  [[nodiscard]] const cudaLaunchConfig_t* get() const noexcept { return &config_; }
  /// @brief Changes the grid (for example after asking how many clusters fit).
  void set_grid(dim3 grid) noexcept { config_.gridDim = grid; }

 private:
  cudaLaunchAttribute attribute_[1] = {};
  cudaLaunchConfig_t config_ = {};
};

}  // namespace tutorial
