/// @file
/// @brief The kernels and variables the emulator can find by the name a CUDA source uses: each
/// generated translation registers its kernels' twins and its variables under their device names.

#include <simt/detail/registry.hpp>
#include <simt/launch.hpp>

#include <cxxabi.h>

#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace simt::detail {

namespace {
struct Registry {
  std::mutex mutex;
  std::vector<KernelEntry> kernels;
  std::vector<std::string> kernel_keys;
  std::vector<SymbolEntry> symbols;
  std::vector<std::string> symbol_keys;
};
Registry& registry() {
  static Registry instance;
  return instance;
}
std::string shape(const Dim3& d) {
  return std::to_string(d.x) + " x " + std::to_string(d.y) + " x " + std::to_string(d.z);
}
/// @brief `name` demangled (`_Z6VecAddPKfS0_Pfi` is `VecAdd(float const*, float const*, float*,
/// int)`), or as it is.
std::string readable(const char* name) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(name, nullptr, nullptr, &status),
                                              std::free);
  return status == 0 && text ? std::string(text.get()) : std::string(name);
}
/// @brief The index of the one entry whose key is `key`, -1 for none, -2 for several.
long only_match(const std::vector<std::string>& keys, const std::string& key) {
  long found = -1;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (keys[i] != key) continue;
    if (found != -1) return -2;
    found = static_cast<long>(i);
  }
  return found;
}
}  // namespace

std::string registry_key(const char* device_name) {
  // An anonymous namespace is a source name (its length, then `_GLOBAL__N_...`) in a mangled
  // name; each compiler spells it its own way.
  std::string name(device_name);
  static constexpr std::string_view anonymous = "_GLOBAL__N_";
  for (std::size_t at = name.find(anonymous); at != std::string::npos;
       at = name.find(anonymous, at)) {
    std::size_t digits = at;
    while (digits > 0 && name[digits - 1] >= '0' && name[digits - 1] <= '9') --digits;
    if (digits == at) {
      at += anonymous.size();
      continue;
    }
    const std::size_t length = std::stoul(name.substr(digits, at - digits));
    name.erase(digits, at - digits + length);
    at = digits;
  }
  return name;
}

KernelRegistration::KernelRegistration(const KernelEntry& entry) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.kernels.push_back(entry);
  r.kernel_keys.push_back(registry_key(entry.device_name));
}

SymbolRegistration::SymbolRegistration(const SymbolEntry& entry) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.symbols.push_back(entry);
  r.symbol_keys.push_back(registry_key(entry.device_name));
}

const KernelEntry* find_kernel(const void* kernel) {
  if (kernel == nullptr) return nullptr;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (const KernelEntry& e : r.kernels)
    if (e.twin == kernel) return &e;
  const char* device = cuda_device_name(kernel);
  if (device == nullptr) return nullptr;
  const long i = only_match(r.kernel_keys, registry_key(device));
  if (i == -2)
    throw LaunchError("kernel " + readable(device) +
                      " is defined by more than one kernel file translated for the emulator "
                      "(each registers its own twin); give the kernels different names");
  return i < 0 ? nullptr : &r.kernels[static_cast<std::size_t>(i)];
}

const SymbolEntry* find_symbol(const void* symbol) {
  if (symbol == nullptr) return nullptr;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (const SymbolEntry& e : r.symbols)
    if (e.twin == symbol) return &e;
  const char* device = cuda_device_name(symbol);
  if (device == nullptr) return nullptr;
  const long i = only_match(r.symbol_keys, registry_key(device));
  return i < 0 ? nullptr : &r.symbols[static_cast<std::size_t>(i)];
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

void launch_registered(const LaunchConfig& config, const void* kernel, void* const* arguments) {
  const KernelEntry* entry = find_kernel(kernel);
  if (entry == nullptr || entry->launch == nullptr) {
    const char* device = cuda_device_name(kernel);
    if (device == nullptr)
      throw LaunchError(
          "this kernel has no emulator twin: nvcc's runtime registered no kernel at this "
          "address (link the program with a target that simt_add_kernels() gave its kernel "
          "file, which adds the link options the emulator needs to find nvcc's kernels)");
    throw LaunchError("kernel " + readable(device) +
                      " has no emulator twin: add its kernel file to the target with "
                      "simt_add_kernels() (a template kernel also needs an explicit "
                      "instantiation there, e.g. `template __global__ void Kernel<256>(float*);`)");
  }
  entry->launch(with_cluster_dims(config, entry), arguments);
}

}  // namespace simt::detail
