#pragma once
// What a test's launch library (a .cu file) needs to run a kernel on either backend: arrays in
// host memory for the emulator or device memory for the GPU, and one launch call for both.

#include "common/backend.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"

#include <simt/launch.hpp>

#include <optional>
#include <span>
#include <vector>

namespace test {

using tutorial::Backend;

// An array as a kernel sees it: host memory on the emulator, device memory on the GPU.
template <class T>
class Array {
 public:
  Array(Backend backend, std::size_t count) : backend_(backend), host_(count) {
    if (backend_ == Backend::device) device_.emplace(count);
  }
  Array(Backend backend, std::span<const T> values)
      : backend_(backend), host_(values.begin(), values.end()) {
    if (backend_ == Backend::device) device_.emplace(values);
  }
  Array(Backend backend, std::size_t count, T fill) : Array(backend, std::vector<T>(count, fill)) {}
  Array(Backend backend, const std::vector<T>& values)
      : Array(backend, std::span<const T>(values)) {}
  [[nodiscard]] T* data() { return device_ ? device_->get() : host_.data(); }
  [[nodiscard]] std::vector<T> read() {
    if (device_) device_->copy_to(host_);
    return host_;
  }

 private:
  Backend backend_;
  std::vector<T> host_;
  std::optional<tutorial::DeviceBuffer<T>> device_;
};

// kernel<<<grid, block, shared>>>(args...) on the GPU, or the same launch on the emulator.
template <class... Params, class... Args>
void launch(Backend backend, dim3 grid, dim3 block, std::size_t shared, void (*kernel)(Params...),
            Args... args) {
  if (backend == Backend::emulator) {
    simt::launch(simt::LaunchConfig{grid, block, shared}, kernel, args...);
    return;
  }
  kernel<<<grid, block, shared>>>(args...);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
}

}  // namespace test
