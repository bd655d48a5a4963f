#pragma once
/// @file
/// @brief The runtime API's error state, shared by its sources (internal): the last error of
/// each host thread, and the sticky error a faulting kernel leaves for every later call, as the
/// CUDA runtime keeps them.

#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <cuda_runtime.h>"
#endif

#include <simt/runtime/driver_types.h>

namespace simt::runtime {

/// @brief `error`, noted as the host thread's last error when it is one; what every runtime
/// function returns through.
cudaError_t record(cudaError_t error);
/// @brief The sticky error (`cudaSuccess` while no kernel has faulted), noted as the last
/// error: runtime functions return it before doing anything, until `cudaDeviceReset()`.
cudaError_t sticky_error();
/// @brief Makes `error` sticky (a kernel fault), and the last error.
cudaError_t make_sticky(cudaError_t error);
/// @brief Forgets the sticky error (`cudaDeviceReset()`).
void clear_sticky_error();

}  // namespace simt::runtime
