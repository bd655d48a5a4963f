#pragma once
/// @file
/// @brief The bytes of an asynchronous copy (`memcpy_async`), as they land. Internal.

#include <cstddef>
#include <cstring>

namespace simt::detail {

/// @ingroup simt
/// @brief Copies `bytes` bytes, without a call for the sizes memcpy_async is mostly given (4, 8
/// and 16 bytes: a size held in a variable, such as a `cuda::aligned_size_t` in a thread's
/// record, is not known to the compiler).
[[gnu::always_inline]] inline void copy_bytes(void* dst, const void* src, std::size_t bytes) {
  switch (bytes) {
    case 4: std::memcpy(dst, src, 4); return;
    case 8: std::memcpy(dst, src, 8); return;
    case 16: std::memcpy(dst, src, 16); return;
    default: std::memcpy(dst, src, bytes);
  }
}

}  // namespace simt::detail
