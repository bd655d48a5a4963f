#pragma once
/// @file
/// @brief `printf` in host-compiled kernels: each block's output is collected and printed
/// after the launch in block order, so it does not depend on how blocks were spread over
/// CPU threads.

namespace simt::detail {
/// @brief Formats like printf into the running block's output; returns the characters written.
int device_printf(const char* format, ...) __attribute__((format(printf, 1, 2)));
}  // namespace simt::detail

#define printf(...) ::simt::detail::device_printf(__VA_ARGS__)
