/// @file
/// @brief The device names of the kernels and variables nvcc's code registered with the CUDA
/// runtime, by host address (cuda_registration.cpp notes them).

#include <simt/detail/registry.hpp>

#include <mutex>
#include <string>
#include <unordered_map>

namespace simt::detail {
namespace {
struct CudaNames {
  std::mutex mutex;
  std::unordered_map<const void*, std::string> by_host_address;
};
CudaNames& cuda_names() {
  static CudaNames instance;  // filled by static constructors of other translation units
  return instance;
}
}  // namespace

void note_cuda_name(const void* host, const char* device) {
  if (host == nullptr || device == nullptr) return;
  CudaNames& names = cuda_names();
  std::lock_guard lock(names.mutex);
  names.by_host_address.emplace(host, device);
}

const char* cuda_device_name(const void* host) {
  CudaNames& names = cuda_names();
  std::lock_guard lock(names.mutex);
  const auto found = names.by_host_address.find(host);
  return found == names.by_host_address.end() ? nullptr : found->second.c_str();
}

}  // namespace simt::detail
