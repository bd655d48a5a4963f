#include "device.hpp"

#include "cuda_check.hpp"

#include <cuda_runtime_api.h>

namespace tutorial {

std::string ComputeCapability::to_string() const {
  return std::to_string(major) + "." + std::to_string(minor);
}

DeviceQuery query_device() {
  int count = 0;
  if (const cudaError_t rc = cudaGetDeviceCount(&count); rc != cudaSuccess) {
    cudaGetLastError();  // clear the sticky-free error so later calls start clean
    // cudaDriverGetVersion reports 0 when no driver is installed at all: the runtime then says
    // "insufficient driver", which would send a learner to upgrade a driver they do not have.
    int driver = 0;
    if (rc == cudaErrorInsufficientDriver && cudaDriverGetVersion(&driver) == cudaSuccess &&
        driver == 0)
      return {std::nullopt, "no NVIDIA driver found"};
    if (rc == cudaErrorNoDevice) return {std::nullopt, "no CUDA-capable GPU found"};
    return {std::nullopt, "no CUDA device (" + std::string(cudaGetErrorName(rc)) + ": " +
                              cudaGetErrorString(rc) + ")"};
  }
  if (count == 0) return {std::nullopt, "no CUDA device (the CUDA runtime reports none)"};

  cudaDeviceProp p{};
  CUDA_CHECK(cudaGetDeviceProperties(&p, 0));
  DeviceInfo info;
  info.name = p.name;
  info.capability = {p.major, p.minor};
  info.multiprocessors = p.multiProcessorCount;
  info.global_memory_bytes = p.totalGlobalMem;
  info.max_threads_per_block = p.maxThreadsPerBlock;
  info.shared_memory_per_block_optin = p.sharedMemPerBlockOptin;
  info.l2_cache_bytes = p.l2CacheSize;
  CUDA_CHECK(cudaDriverGetVersion(&info.driver_version));
  CUDA_CHECK(cudaRuntimeGetVersion(&info.runtime_version));
  return {info, {}};
}

std::size_t free_device_memory() {
  std::size_t free_bytes = 0;
  std::size_t total_bytes = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  return free_bytes;
}

}  // namespace tutorial
