#pragma once
/// @file
/// @brief Running one kernel on either backend from a launch library (a `.cu` file): arrays
/// that live in host memory for the emulator or in device memory for the GPU, one launch call
/// for both, and copies to and from a kernel file's `__device__` and `__constant__` variables.

#include "common/backend.hpp"
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

/// @brief `kernel<<<grid, block, shared>>>(args...)` on the GPU (checked, then synchronised),
/// or the same launch on the emulator.
template <class... Params, class... Args>
void launch_on(Backend backend, dim3 grid, dim3 block, std::size_t shared,
               void (*kernel)(Params...), Args... args) {
  if (backend == Backend::emulator) {
    simt::launch(simt::LaunchConfig{grid, block, shared}, kernel, args...);
    return;
  }
  kernel<<<grid, block, shared>>>(args...);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
}

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
