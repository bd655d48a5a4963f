#pragma once
/// @file
/// @brief The bounds check of a kernel's accesses to global memory the emulator allocated
/// (simt/global_memory.hpp), for kernel code; defined in src/global_memory.cpp, beside the
/// allocations it checks. Internal.

#include <simt/detail/race_check.hpp>

#include <cstddef>

namespace simt::detail {

/// @ingroup simt
/// @brief With diagnostics on, an access outside shared memory: throws KernelError when it
/// touches the guard bytes of an emulator allocation or runs past its end. Memory no allocation
/// owns is not checked. `file` is null for an atomic function.
void check_global_access(const void* address, std::size_t bytes, AccessKind kind, const char* file,
                         unsigned line);

}  // namespace simt::detail
