#pragma once
/// @file
/// @brief Finding the GPU and what it can do.

#include <cstddef>
#include <optional>
#include <string>

namespace tutorial {

/// @brief A compute capability such as 9.0.
struct ComputeCapability {
  int major = 0;  ///< Major version (9 for Hopper).
  int minor = 0;  ///< Minor version.
  /// @brief "9.0".
  [[nodiscard]] std::string to_string() const;
  friend constexpr auto operator<=>(const ComputeCapability&, const ComputeCapability&) = default;
};

/// @brief The properties of device 0 the chapters use.
struct DeviceInfo {
  std::string name;                               ///< e.g. "NVIDIA H100 80GB HBM3".
  ComputeCapability capability;                   ///< Compute capability.
  int multiprocessors = 0;                        ///< Number of SMs.
  std::size_t global_memory_bytes = 0;            ///< Total device memory.
  int max_threads_per_block = 0;                  ///< 1024 on every current GPU.
  std::size_t shared_memory_per_block_optin = 0;  ///< Largest dynamic shared memory per block.
  int l2_cache_bytes = 0;                         ///< L2 cache size.
  int driver_version = 0;                         ///< e.g. 13000 for CUDA 13.0.
  int runtime_version = 0;                        ///< The CUDA runtime this program was built with.
};

/// @brief Device 0, or why there is none (no driver, no device, ...).
struct DeviceQuery {
  std::optional<DeviceInfo> device;  ///< Set when a usable device was found.
  /// Why `device` is empty, as a learner should read it: "no NVIDIA driver found", "no
  /// CUDA-capable GPU found", or "no CUDA device (cudaErrorXxx: what CUDA says)".
  std::string why_none;
};

/// @brief Asks the CUDA runtime for device 0; never throws, never crashes without a GPU.
[[nodiscard]] DeviceQuery query_device();

/// @brief Free device memory right now (cudaMemGetInfo on the current device).
[[nodiscard]] std::size_t free_device_memory();

}  // namespace tutorial
