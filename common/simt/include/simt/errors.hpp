#pragma once
/// @file
/// @brief What the emulator throws or exits with when a launch or a kernel goes wrong.

#include <stdexcept>

namespace simt {

/// @ingroup simt
/// @brief A launch the GPU would refuse (`cudaErrorInvalidConfiguration` and friends).
class LaunchError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// @ingroup simt
/// @brief A bug the emulator found while running a kernel (e.g. a divergent barrier).
class KernelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// @ingroup simt
/// @brief The exit status of a program the emulator ends because of a GPU thread that cannot be
/// reported by an exception: one that raised a memory fault or an arithmetic trap, or that made
/// no progress and touches no memory. The report is printed on standard error first. (1 is an
/// error a program reports itself; 2, by the tutorial's convention, bad input.)
inline constexpr int kernel_fault_exit_code = 3;

}  // namespace simt
