#pragma once
/// @file
/// @brief The runtime's 3-D copies to and from arrays (internal): cudaMemcpy3D (memory.cpp)
/// copies between linear memory itself and hands a copy with an array to textures.cpp, which
/// knows the arrays' layout.

#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <cuda_runtime.h>"
#endif

#include <simt/runtime/driver_types.h>

namespace simt::runtime {

/// @brief The copy `p` between an array and linear memory (the array's layers are its depth).
cudaError_t copy_3d_with_array(const cudaMemcpy3DParms& p);

}  // namespace simt::runtime
