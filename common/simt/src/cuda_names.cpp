/// @file
/// @brief The device names of the kernels and variables nvcc's code registered with the CUDA
/// runtime, by host address, with their modules (cuda_registration.cpp notes them).

#include <simt/detail/cuda_names.hpp>
#include <simt/detail/registry.hpp>
#include "host_threads.hpp"

#include <string>
#include <unordered_map>
#include <vector>

namespace simt::detail {
namespace {
struct CudaName {
  std::string device;
  const void* module;
};
struct CudaNames {
  HostMutex mutex;
  std::unordered_map<const void*, CudaName> by_host_address;
};
CudaNames& cuda_names() {
  static CudaNames instance;  // filled by static constructors of other translation units
  return instance;
}
}  // namespace

void note_cuda_name(const void* host, const char* device, const void* module) {
  if (host == nullptr || device == nullptr) return;
  CudaNames& names = cuda_names();
  std::lock_guard lock(names.mutex);
  names.by_host_address.emplace(host, CudaName{device, module});
}

const char* cuda_device_name(const void* host) {
  CudaNames& names = cuda_names();
  std::lock_guard lock(names.mutex);
  const auto found = names.by_host_address.find(host);
  return found == names.by_host_address.end() ? nullptr : found->second.device.c_str();
}

std::vector<std::string> cuda_module_keys(const void* host) {
  CudaNames& names = cuda_names();
  std::lock_guard lock(names.mutex);
  std::vector<std::string> keys;
  const auto found = names.by_host_address.find(host);
  if (found == names.by_host_address.end()) return keys;
  for (const auto& [address, name] : names.by_host_address)
    if (name.module == found->second.module) keys.push_back(registry_key(name.device.c_str()));
  return keys;
}

}  // namespace simt::detail
