#pragma once
/// @file
/// @brief The kernels and variables the emulator can find by what a CUDA source names them. Each
/// translation of a kernel file registers its kernels' twins and its `__device__`, `__constant__`
/// and `__managed__` variables under the names nvcc gives them in device code. A CUDA source
/// names a kernel by its host function (what `Kernel<<<...>>>` calls) and a variable by its host
/// shadow (what `cudaMemcpyToSymbol(symbol, ...)` takes); nvcc's runtime registration tells the
/// emulator which device name each of those has (cuda_registration.cpp). Internal.

#include <simt/dim3.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace simt {
struct LaunchConfig;
}

namespace simt::detail {

struct ThreadSlot;

/// @ingroup simt
/// @brief A kernel the emulator can run, as the translation of its file registers it.
struct KernelEntry {
  /// The kernel's name in device code (nvcc's mangled name, e.g. `_Z6VecAddPKfS0_Pfi`).
  const char* device_name = "";
  const void* twin = nullptr;  ///< The host-compiled twin.
  const char* name = "";       ///< The kernel as written, e.g. `TransposeTile<33>`.
  Dim3 cluster_dims{1, 1, 1};  ///< `__cluster_dims__`, or 1 x 1 x 1.
  /// Launches the twin with the arguments at `arguments[i]` (objects of the kernel's parameter
  /// types, as a CUDA launch passes them).
  void (*launch)(const LaunchConfig& config, void* const* arguments) = nullptr;
  const char* file = "";  ///< The kernel file it was translated from.
  int cuda_arch = 900;    ///< `__CUDA_ARCH__` in its translation (simt_add_kernels' CUDA_ARCH).
  /// Runs `count` threads of a block one after another, calling the twin directly (so that the
  /// compiler can inline it into the loop), once the emulator knows it is a plain function; the
  /// closure is a LaunchClosure (launch.hpp). Null in translations older than this field.
  void (*plain_block)(const void* closure, ThreadSlot* slots, unsigned count) = nullptr;
};

/// @ingroup simt
/// @brief A `__device__`, `__constant__` or `__managed__` variable of a translated kernel file.
struct SymbolEntry {
  const char* device_name = "";  ///< Its name in device code (mangled where C++ mangles it).
  void* twin = nullptr;          ///< The emulator's variable.
  std::size_t bytes = 0;         ///< Its size.
  const char* name = "";         ///< As written, e.g. `ns::coefficients`.
  const char* file = "";         ///< The kernel file it was translated from.
  bool constant = false;         ///< A `__constant__` variable (read-only for kernels).
};

/// @brief Adds a kernel to the registry (the generated code holds one per kernel).
struct KernelRegistration {
  explicit KernelRegistration(const KernelEntry& entry);
};
/// @brief Adds a variable to the registry (the generated code holds one per variable).
struct SymbolRegistration {
  explicit SymbolRegistration(const SymbolEntry& entry);
};

/// @brief Every registered variable (a copy, taken under the registry's lock).
std::vector<SymbolEntry> registered_symbols();
/// @brief The entry of `kernel`: a twin, the host function of a kernel nvcc compiled (found by
/// its device name), or a whole program's stub of a kernel (through twin_of_stub); null if there
/// is none.
const KernelEntry* find_kernel(const void* kernel);
/// @brief Where a program links the emulator's CUDA runtime (a whole program): the twin that a
/// kernel's host function (its stub) runs, or null for an address that is no stub. Null without
/// that runtime; its first stub sets it.
extern const void* (*twin_of_stub)(const void* stub);
/// @brief The entry of `symbol`: a registered variable itself, or the host shadow of one nvcc
/// compiled (found by its device name); null if there is none.
const SymbolEntry* find_symbol(const void* symbol);
/// @brief `config` with the kernel's compile-time cluster shape; throws LaunchError when the
/// launch asks for another one.
LaunchConfig with_cluster_dims(const LaunchConfig& config, const KernelEntry* entry);
/// @brief Throws LaunchError when the kernel was translated for a newer compute capability than
/// the emulator imitates (Settings::compute_capability), as the GPU has no image for it then.
void check_kernel_image(const KernelEntry* entry);
/// @brief Runs the twin registered for the kernel nvcc compiled whose host function is `kernel`;
/// throws LaunchError when none is.
void launch_registered(const LaunchConfig& config, const void* kernel, void* const* arguments);

/// @brief A device name without its anonymous namespaces, which nvcc and the host compilers
/// name differently (`_ZN12_GLOBAL__N_11KEv` and `_ZN34_GLOBAL__N__..._k_cu_...1KEv` are both
/// `_ZN1KEv` here).
std::string registry_key(const char* device_name);

/// @brief `address` as a pointer to modifiable bytes, for a registered variable of any type.
template <class T>
void* symbol_address_of(T& variable) {
  return const_cast<void*>(static_cast<const volatile void*>(&variable));
}

}  // namespace simt::detail
