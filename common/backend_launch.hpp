#pragma once
/// @file
/// @brief Running one kernel on either backend from a launch library (a `.cu` file): arrays
/// that live in host memory for the emulator or in device memory for the GPU, one launch call
/// for both, and copies to and from a kernel file's `__device__` and `__constant__` variables.

#include "common/backend.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"

#include <simt/launch.hpp>
#include <simt/symbols.hpp>

#include <optional>
#include <span>
#include <vector>

namespace tutorial {

/// @brief An array as a kernel sees it: host memory on the emulator, device memory on the GPU.
template <class T>
class BackendArray {
 public:
  /// @brief `count` elements, uninitialised on the GPU (value-initialised on the host).
  BackendArray(Backend backend, std::size_t count) : host_(count) {
    if (backend == Backend::device) device_.emplace(count);
  }
  /// @brief A copy of `values`.
  BackendArray(Backend backend, std::span<const T> values) : host_(values.begin(), values.end()) {
    if (backend == Backend::device) device_.emplace(values);
  }
  /// @brief `count` copies of `fill`.
  BackendArray(Backend backend, std::size_t count, T fill)
      : BackendArray(backend, std::vector<T>(count, fill)) {}
  /// @brief A copy of `values`.
  BackendArray(Backend backend, const std::vector<T>& values)
      : BackendArray(backend, std::span<const T>(values)) {}
  /// @brief The pointer to pass to the kernel.
  [[nodiscard]] T* data() { return device_ ? device_->get() : host_.data(); }
  /// @brief The elements, copied back from the GPU if they live there.
  [[nodiscard]] std::vector<T> read() {
    if (device_) device_->copy_to(host_);
    return host_;
  }

 private:
  std::vector<T> host_;
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
