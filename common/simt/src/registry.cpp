/// @file
/// @brief The kernels the emulator can run by the name a CUDA launch uses: each generated
/// translation registers its kernels' twins with nvcc's host stubs.

#include <simt/launch.hpp>

#include <mutex>
#include <string>
#include <vector>

namespace simt::detail {

namespace {
struct Registry {
  std::mutex mutex;
  std::vector<KernelEntry> entries;
};
Registry& registry() {
  static Registry instance;
  return instance;
}
std::string shape(const Dim3& d) {
  return std::to_string(d.x) + " x " + std::to_string(d.y) + " x " + std::to_string(d.z);
}
}  // namespace

KernelRegistration::KernelRegistration(const KernelEntry& entry) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.entries.push_back(entry);
}

const KernelEntry* find_kernel(const void* kernel) {
  if (kernel == nullptr) return nullptr;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (const KernelEntry& e : r.entries)
    if (e.stub == kernel || e.twin == kernel) return &e;
  return nullptr;
}

LaunchConfig with_cluster_dims(const LaunchConfig& config, const KernelEntry* entry) {
  if (entry == nullptr || entry->cluster_dims == Dim3{1, 1, 1}) return config;
  if (config.cluster != Dim3{1, 1, 1} && config.cluster != entry->cluster_dims)
    throw LaunchError("kernel " + std::string(entry->name) + " is compiled for clusters of " +
                      shape(entry->cluster_dims) + " blocks (__cluster_dims__) but launched with " +
                      shape(config.cluster));
  LaunchConfig result = config;
  result.cluster = entry->cluster_dims;
  return result;
}

void launch_registered(const LaunchConfig& config, const void* stub, void* const* arguments) {
  const KernelEntry* entry = find_kernel(stub);
  if (entry == nullptr || entry->launch == nullptr)
    throw LaunchError(
        "this kernel has no emulator twin: add its file to the target with simt_add_kernels() "
        "(a template kernel also needs an explicit instantiation there, e.g. "
        "`template __global__ void Kernel<256>(float*);`)");
  entry->launch(with_cluster_dims(config, entry), arguments);
}

}  // namespace simt::detail
