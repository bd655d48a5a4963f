#pragma once
/// @file
/// @brief `printf` in host-compiled kernels: each block's output is collected and printed
/// after the launch in block order, so it does not depend on how blocks were spread over
/// CPU threads (simt/cuda/kernel_macros_begin.h points `printf` here in kernel code).

#include <cstdio>  // kernel code calls printf without including anything, as with nvcc

namespace simt::detail {
/// @brief Formats like printf into the running block's output; returns the characters written.
int device_printf(const char* format, ...) __attribute__((format(printf, 1, 2)));
}  // namespace simt::detail
