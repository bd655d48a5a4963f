#pragma once
/// @file
/// @brief Unified Memory on either backend, from a launch library (a `.cu` file): one
/// allocation that host code and kernels address through the same pointer. On the GPU it comes
/// from `cudaMallocManaged` and its pages move between host and device memory as each side
/// touches them; on the emulator it is host memory that the kernels read and write in place.

#include "common/backend.hpp"
#include "common/cuda_check.hpp"

#include <simt/global_memory.hpp>

#include <cstddef>
#include <source_location>
#include <span>

namespace tutorial {

/// @brief `count` elements of T in managed memory, value-initialised on the emulator and
/// uninitialised on the GPU (as cudaMallocManaged returns them: no page is touched yet).
template <class T>
class ManagedArray {
 public:
  /// @brief cudaMallocManaged(&p, count * sizeof(T)) on the GPU, attached to every stream
  /// (cudaMemAttachGlobal); emulator global memory named by `where` in its reports otherwise.
  ManagedArray(Backend backend, std::size_t count,
               std::source_location where = std::source_location::current())
      : backend_(backend), count_(count) {
    if (backend == Backend::device)
      CUDA_CHECK(cudaMallocManaged(reinterpret_cast<void**>(&managed_), count * sizeof(T)));
    else
      emulated_ = simt::GlobalArray<T>(count, where);
  }
  ManagedArray(const ManagedArray&) = delete;
  ManagedArray& operator=(const ManagedArray&) = delete;
  ~ManagedArray() {
    if (managed_ != nullptr) cudaFree(managed_);  // a destructor must not throw
  }

  /// @brief The one pointer for host code and kernels alike.
  [[nodiscard]] T* data() const noexcept {
    return managed_ != nullptr ? managed_ : emulated_.data();
  }
  /// @brief The elements, for host code. On the GPU, touch them only when no kernel that uses
  /// them is running: after synchronize(), as the guide's Unified Memory rules ask.
  [[nodiscard]] std::span<T> host_view() const noexcept { return {data(), count_}; }

  /// @brief Moves the pages to the GPU ahead of the kernel (`cudaMemPrefetchAsync` in stream 0),
  /// so that its first touches do not fault. The emulator's memory is already where its
  /// kernels run.
  void prefetch_to_device() const {
    if (backend_ == Backend::emulator) return;
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaMemPrefetchAsync(managed_, count_ * sizeof(T),
                                    cudaMemLocation{cudaMemLocationTypeDevice, device}, 0, 0));
  }
  /// @brief Waits for the GPU's work (`cudaDeviceSynchronize`), after which host code may touch
  /// the elements; on the emulator a kernel has finished when its launch returns.
  void synchronize() const {
    if (backend_ == Backend::device) CUDA_CHECK(cudaDeviceSynchronize());
  }

 private:
  Backend backend_;
  std::size_t count_ = 0;
  T* managed_ = nullptr;           // the GPU's managed allocation
  simt::GlobalArray<T> emulated_;  // or the emulator's memory
};

}  // namespace tutorial
