/// @file
/// @brief The kernels and variables the emulator can find by the name a CUDA source uses: each
/// generated translation registers its kernels' twins and its variables under their device names.

#include <simt/detail/cuda_names.hpp>
#include <simt/detail/registry.hpp>
#include <simt/launch.hpp>
#include "host_threads.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

namespace simt::detail {

namespace {
struct Registry {
  HostMutex mutex;
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
/// @brief How many of `file`'s registered names are in `module`.
std::size_t shared_names(const Registry& r, const char* file,
                         const std::unordered_set<std::string>& module) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < r.kernels.size(); ++i)
    n += std::strcmp(r.kernels[i].file, file) == 0 && module.contains(r.kernel_keys[i]);
  for (std::size_t i = 0; i < r.symbols.size(); ++i)
    n += std::strcmp(r.symbols[i].file, file) == 0 && module.contains(r.symbol_keys[i]);
  return n;
}
/// @brief The entry (an index into `keys`) for what nvcc registered at `host` under `key`: -1
/// for none, -2 when several kernel files register it and the names registered with it do not
/// tell which. Two CUDA sources may each define a variable or static kernel of one name (each is
/// a device program of its own): the kernel file whose names the same source registered is the
/// one.
template <class Entry>
long entry_for(const Registry& r, const std::vector<Entry>& entries,
               const std::vector<std::string>& keys, const std::string& key, const void* host) {
  std::vector<std::size_t> candidates;
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == key) candidates.push_back(i);
  if (candidates.size() <= 1) return candidates.empty() ? -1 : static_cast<long>(candidates[0]);
  const auto names = cuda_module_keys(host);
  const std::unordered_set<std::string> module(names.begin(), names.end());
  long best = -2;
  std::size_t best_score = 0;
  bool tie = false;
  for (const std::size_t c : candidates) {
    const std::size_t score = shared_names(r, entries[c].file, module);
    if (score > best_score) {
      best = static_cast<long>(c);
      best_score = score;
      tie = false;
    } else if (score == best_score) {
      tie = true;
    }
  }
  return tie ? -2 : best;
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

std::vector<SymbolEntry> registered_symbols() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return r.symbols;
}

const void* (*twin_of_stub)(const void* stub) = nullptr;

const KernelEntry* find_kernel(const void* kernel) {
  if (kernel == nullptr) return nullptr;
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (const KernelEntry& e : r.kernels)
    if (e.twin == kernel) return &e;
  if (const void* twin = twin_of_stub != nullptr ? twin_of_stub(kernel) : nullptr)
    for (const KernelEntry& e : r.kernels)
      if (e.twin == twin) return &e;
  const char* device = cuda_device_name(kernel);
  if (device == nullptr) return nullptr;
  const long i = entry_for(r, r.kernels, r.kernel_keys, registry_key(device), kernel);
  if (i == -2)
    throw LaunchError("kernel " + readable(device) +
                          " is defined by more than one kernel file translated for the emulator, "
                          "and the emulator cannot tell which one this CUDA source compiled; give "
                          "the kernels different names",
                      98);  // cudaErrorInvalidDeviceFunction
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
  const long i = entry_for(r, r.symbols, r.symbol_keys, registry_key(device), symbol);
  return i < 0 ? nullptr : &r.symbols[static_cast<std::size_t>(i)];
}

LaunchConfig with_cluster_dims(const LaunchConfig& config, const KernelEntry* entry) {
  if (entry == nullptr || entry->cluster_dims == Dim3{1, 1, 1}) return config;
  if (config.cluster != Dim3{1, 1, 1} && config.cluster != entry->cluster_dims)
    throw LaunchError("kernel " + std::string(entry->name) + " is compiled for clusters of " +
                          shape(entry->cluster_dims) +
                          " blocks (__cluster_dims__) but launched with " + shape(config.cluster),
                      912);  // cudaErrorInvalidClusterSize
  LaunchConfig result = config;
  result.cluster = entry->cluster_dims;
  return result;
}

void check_kernel_image(const KernelEntry* entry) {
  const ComputeCapability imitated = settings().compute_capability;
  if (entry == nullptr || entry->cuda_arch <= imitated.cuda_arch()) return;
  throw LaunchError("no kernel image is available for execution on the device: kernel " +
                        std::string(entry->name) + " was translated for __CUDA_ARCH__ " +
                        std::to_string(entry->cuda_arch) +
                        ", and the emulator imitates compute capability " +
                        std::to_string(imitated.major) + "." + std::to_string(imitated.minor) +
                        " (simt::settings().compute_capability)",
                    209);  // cudaErrorNoKernelImageForDevice
}

void launch_registered(const LaunchConfig& config, const void* kernel, void* const* arguments) {
  const KernelEntry* entry = find_kernel(kernel);
  if (entry == nullptr || entry->launch == nullptr) {
    const char* device = cuda_device_name(kernel);
    if (device == nullptr)
      throw LaunchError(
          "this kernel has no emulator twin: nvcc's runtime registered no kernel at this "
          "address (link the program with a target that simt_add_kernels() gave its kernel "
          "file, which adds the link options the emulator needs to find nvcc's kernels)",
          98);  // cudaErrorInvalidDeviceFunction
    throw LaunchError(
        "kernel " + readable(device) +
            " has no emulator twin: add its kernel file to the target with "
            "simt_add_kernels() (a template kernel also needs an explicit "
            "instantiation there, e.g. `template __global__ void Kernel<256>(float*);`)",
        98);  // cudaErrorInvalidDeviceFunction
  }
  entry->launch(with_cluster_dims(config, entry), arguments);
}

}  // namespace simt::detail
