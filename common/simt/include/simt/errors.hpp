#pragma once
/// @file
/// @brief What the emulator throws or exits with when a launch or a kernel goes wrong.

#include <stdexcept>
#include <string>

namespace simt {

/// @ingroup simt
/// @brief A launch the GPU would refuse (`cudaErrorInvalidConfiguration` and friends).
class LaunchError : public std::invalid_argument {
 public:
  /// @brief `cuda_error`: the `cudaError_t` value the CUDA runtime returns for such a launch
  /// (9, `cudaErrorInvalidConfiguration`, unless another fits better).
  explicit LaunchError(const std::string& what, int cuda_error = 9)
      : std::invalid_argument(what), cuda_error_(cuda_error) {}
  /// @brief The `cudaError_t` value the emulator's runtime API returns for this launch.
  [[nodiscard]] int cuda_error() const noexcept { return cuda_error_; }

 private:
  int cuda_error_;
};

/// @ingroup simt
/// @brief A bug the emulator found while running a kernel (e.g. a divergent barrier).
class KernelError : public std::runtime_error {
 public:
  /// @brief `cuda_error`: the `cudaError_t` value the emulator's runtime API returns after
  /// such a kernel: 700 (`cudaErrorIllegalAddress`) for an access outside an allocation, 719
  /// (`cudaErrorLaunchFailure`) for what the GPU has no error of its own for (a race, a
  /// divergent barrier), which the emulator stops the kernel at.
  explicit KernelError(const std::string& what, int cuda_error = 719)
      : std::runtime_error(what), cuda_error_(cuda_error) {}
  /// @brief The `cudaError_t` value the emulator's runtime API returns after this kernel.
  [[nodiscard]] int cuda_error() const noexcept { return cuda_error_; }

 private:
  int cuda_error_;
};

/// @ingroup simt
/// @brief The exit status of a program the emulator ends because of a GPU thread that cannot be
/// reported by an exception: one that raised a memory fault or an arithmetic trap, or that made
/// no progress and touches no memory. The report is printed on standard error first. (1 is an
/// error a program reports itself; 2, by the tutorial's convention, bad input.)
inline constexpr int kernel_fault_exit_code = 3;

}  // namespace simt
