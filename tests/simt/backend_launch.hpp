#pragma once
/// @file
/// @brief Running one kernel on either backend from a launch library (a `.cu` file): arrays
/// that live in host memory for the emulator or in device memory for the GPU, one launch call
/// for both, and copies to and from a kernel file's `__device__` and `__constant__` variables.
/// For the emulator's kernel corpus (tests/simt/<area>/), whose tests launch a kernel file
/// through simt's own API (simt_add_kernels) as well as on the GPU, and compare the two in one
/// process. The chapters write the runtime API alone and are built twice instead.

#include "common/backend.hpp"
#include "common/cluster_launch.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"

#include <simt/global_memory.hpp>
#include <simt/launch.hpp>
#include <simt/symbols.hpp>

#include <algorithm>
#include <optional>
#include <source_location>
#include <span>
#include <vector>

namespace tutorial {

/// @brief An array as a kernel sees it: device memory on the GPU, or on the emulator global
/// memory it allocated (simt::GlobalArray), whose bounds it checks. `where` (the caller's line)
/// names the array in the emulator's reports.
template <class T>
class BackendArray {
 public:
  /// @brief `count` elements, uninitialised on the GPU (value-initialised on the emulator).
  BackendArray(Backend backend, std::size_t count,
               std::source_location where = std::source_location::current()) {
    if (backend == Backend::device)
      device_.emplace(count);
    else
      emulated_ = simt::GlobalArray<T>(count, where);
  }
  /// @brief A copy of `values`.
  BackendArray(Backend backend, std::span<const T> values,
               std::source_location where = std::source_location::current()) {
    if (backend == Backend::device) {
      device_.emplace(values);
    } else {
      emulated_ = simt::GlobalArray<T>(values.size(), where);
      std::copy(values.begin(), values.end(), emulated_.begin());
    }
  }
  /// @brief `count` copies of `fill`.
  BackendArray(Backend backend, std::size_t count, T fill,
               std::source_location where = std::source_location::current())
      : BackendArray(backend, std::vector<T>(count, fill), where) {}
  /// @brief A copy of `values`.
  BackendArray(Backend backend, const std::vector<T>& values,
               std::source_location where = std::source_location::current())
      : BackendArray(backend, std::span<const T>(values), where) {}
  /// @brief The pointer to pass to the kernel.
  [[nodiscard]] T* data() { return device_ ? device_->get() : emulated_.data(); }
  /// @brief The elements, copied back from the GPU if they live there.
  [[nodiscard]] std::vector<T> read() {
    if (!device_) return std::vector<T>(emulated_.begin(), emulated_.end());
    std::vector<T> values(device_->size());
    device_->copy_to(values);
    return values;
  }

 private:
  simt::GlobalArray<T> emulated_;  // empty on the GPU
  std::optional<DeviceBuffer<T>> device_;
};

/// @brief What goes between `<<<` and `>>>`, and what `<<<>>>` cannot say: a cluster shape
/// chosen at launch time.
struct LaunchShape {
  dim3 grid;                     ///< Blocks along x, y, z.
  dim3 block;                    ///< Threads per block along x, y, z.
  std::size_t shared_bytes = 0;  ///< `extern __shared__` bytes per block.
  /// Blocks per cluster, chosen at launch time (`cudaLaunchAttributeClusterDimension`, through
  /// `cudaLaunchKernelEx`); (1, 1, 1) launches with `<<<>>>`, where a kernel's own
  /// `__cluster_dims__` decides.
  dim3 cluster{1, 1, 1};
  /// Clusters of more than 8 blocks: sets `cudaFuncAttributeNonPortableClusterSizeAllowed` on
  /// the GPU, and the emulator's matching setting.
  bool non_portable_cluster_size_allowed = false;
};

/// @brief The backend a launch runs on, and the caller's line, which a failed launch names.
struct LaunchSite {
  /// @brief Implicit, so that a call passes just the backend and its own line comes along.
  LaunchSite(Backend on, std::source_location at = std::source_location::current())
      : backend(on), where(at) {}
  Backend backend;             ///< The GPU or the emulator.
  std::source_location where;  ///< The line that launches.
};

// [doc:launch-on]
/// @brief `kernel<<<grid, block, shared_bytes>>>(args...)` on the GPU, or through
/// `cudaLaunchKernelEx` when `shape` has a cluster shape; or the same launch on the emulator.
///
/// On the GPU the launch is checked at once (it returns no status, so the error is asked for)
/// and the kernel runs asynchronously, as with `<<<>>>`: a copy back in the same stream waits
/// for it. On the emulator the kernel has finished when the call returns.
template <class... Params, class... Args>
void launch_on(LaunchSite site, const LaunchShape& shape, void (*kernel)(Params...), Args... args) {
  if (site.backend == Backend::emulator) {
    simt::LaunchConfig config{shape.grid, shape.block, shape.shared_bytes, shape.cluster};
    config.non_portable_cluster_size_allowed = shape.non_portable_cluster_size_allowed;
    simt::launch(config, kernel, args...);
    return;
  }
  const auto check = [&](cudaError_t code, const char* call) {
    check_cuda(code, call, site.where.file_name(), static_cast<int>(site.where.line()));
  };
  if (shape.cluster.x * shape.cluster.y * shape.cluster.z == 1) {
    kernel<<<shape.grid, shape.block, shape.shared_bytes>>>(args...);
  } else {
    if (shape.non_portable_cluster_size_allowed)
      check(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1),
            "cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1)");
    const ClusterLaunchConfig config{shape.grid, shape.block, shape.cluster, shape.shared_bytes};
    check(cudaLaunchKernelEx(config.get(), kernel, args...),
          "cudaLaunchKernelEx(&config, kernel, args...)");
  }
  check(cudaGetLastError(), "cudaGetLastError()");
}
// [doc:launch-on]

/// @brief `cudaMemcpyToSymbol(symbol, source, bytes, offset)` on the GPU (checked), or the same
/// copy into the emulator's copy of the variable (which throws simt::SymbolError where CUDA
/// returns an error). `symbol` is the kernel file's variable, as the calling CUDA source sees it.
template <class T>
void copy_to_symbol(Backend backend, const T& symbol, const void* source, std::size_t bytes,
                    std::size_t offset = 0) {
  if (backend == Backend::emulator)
    simt::memcpy_to_symbol(symbol, source, bytes, offset);
  else
    CUDA_CHECK(cudaMemcpyToSymbol(symbol, source, bytes, offset));
}

/// @brief `cudaMemcpyFromSymbol(destination, symbol, bytes, offset)` on the GPU (checked), or
/// the same copy from the emulator's copy of the variable.
template <class T>
void copy_from_symbol(Backend backend, void* destination, const T& symbol, std::size_t bytes,
                      std::size_t offset = 0) {
  if (backend == Backend::emulator)
    simt::memcpy_from_symbol(destination, symbol, bytes, offset);
  else
    CUDA_CHECK(cudaMemcpyFromSymbol(destination, symbol, bytes, offset));
}

}  // namespace tutorial
