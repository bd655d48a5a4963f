#pragma once
/// @file
/// @brief A `cudaLaunchKernelEx` configuration with a thread block cluster shape.
///
/// Chapter 03 spells the configuration out once; everything else uses this. (Its functions are in
/// cluster_launch.cpp, built for each build: in a CPU build, a header's inline code is compiled
/// with the kernels too, where gridDim and blockDim are the emulator's built-in variables.)

#include <cuda_runtime_api.h>

#include <cstddef>

namespace tutorial {

/// @brief `cudaLaunchConfig_t` with a `cudaLaunchAttributeClusterDimension` attribute, which it
/// owns: keep the object alive until the launch (it cannot be copied, the config points into it).
class ClusterLaunchConfig {
 public:
  /// @brief `grid` blocks of `block` threads in clusters of `cluster` blocks.
  ClusterLaunchConfig(dim3 grid, dim3 block, dim3 cluster, std::size_t dynamic_shared_bytes = 0);
  ClusterLaunchConfig(const ClusterLaunchConfig&) = delete;
  ClusterLaunchConfig& operator=(const ClusterLaunchConfig&) = delete;

  /// @brief For cudaLaunchKernelEx and the occupancy queries.
  [[nodiscard]] const cudaLaunchConfig_t* get() const noexcept { return &config_; }
  /// @brief Changes the grid (for example after asking how many clusters fit).
  void set_grid(dim3 grid) noexcept;

 private:
  cudaLaunchAttribute attribute_[1] = {};
  cudaLaunchConfig_t config_ = {};
};

}  // namespace tutorial
