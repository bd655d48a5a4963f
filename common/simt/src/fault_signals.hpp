#pragma once
/// @file
/// @brief Memory faults and arithmetic traps raised by kernel code become reports. Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

namespace simt::detail {

/// @ingroup simt
/// @brief Installs (once per process) handlers for SIGSEGV, SIGBUS and SIGFPE that, when the
/// signal comes from a GPU thread the calling worker runs, print which kernel, block, thread and
/// line (the last access noted, with the checks on) faulted at which address, and end the
/// program with kernel_fault_exit_code, or with a core dump when the environment has
/// CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 (as the handlers are installed). A signal raised anywhere
/// else goes to the handler the program had before (or the default one), as if these were not
/// there.
void install_fault_handlers();

}  // namespace simt::detail
