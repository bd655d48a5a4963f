#pragma once
/// @file
/// @brief An owning device allocation: cudaMalloc on construction, cudaFree on destruction,
/// so that an error thrown by CUDA_CHECK never leaks device memory.

#include "cuda_check.hpp"

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

namespace tutorial {

/// @brief `count` elements of T in device memory (uninitialised, as cudaMalloc returns them).
template <class T>
class DeviceBuffer {
 public:
  /// @brief cudaMalloc of `count` elements.
  explicit DeviceBuffer(std::size_t count) : count_(count) {
    CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&data_), count * sizeof(T)));
  }
  /// @brief Allocates host.size() elements and copies `host` into them.
  explicit DeviceBuffer(std::span<const T> host) : DeviceBuffer(host.size()) { copy_from(host); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  DeviceBuffer(DeviceBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)), count_(std::exchange(other.count_, 0)) {}
  ~DeviceBuffer() {
    if (data_ != nullptr) cudaFree(data_);  // a destructor must not throw; errors resurface later
  }

  /// @brief The device pointer to pass to kernels.
  [[nodiscard]] T* get() const noexcept { return data_; }
  /// @brief Number of elements.
  [[nodiscard]] std::size_t size() const noexcept { return count_; }

  /// @brief Host to device copy of host.size() elements (at most size()).
  void copy_from(std::span<const T> host) {
    CUDA_CHECK(cudaMemcpy(data_, host.data(), host.size_bytes(), cudaMemcpyHostToDevice));
  }
  /// @brief Device to host copy of host.size() elements (at most size()).
  void copy_to(std::span<T> host) const {
    CUDA_CHECK(cudaMemcpy(host.data(), data_, host.size_bytes(), cudaMemcpyDeviceToHost));
  }

  /// @brief Device to host copy of all size() elements, into a new vector.
  [[nodiscard]] std::vector<T> to_host() const {
    std::vector<T> host(count_);
    copy_to(host);
    return host;
  }

 private:
  T* data_ = nullptr;
  std::size_t count_ = 0;
};

}  // namespace tutorial
