/// @file
/// @brief `printf` from kernels: formatted into the running block's output.

#include <simt/cuda/device_printf.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <cstdarg>
#include <cstdio>
#include <string>

namespace simt::detail {

int device_printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list copy;
  va_copy(copy, args);
  const int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  if (length > 0) {
    std::string& out = current_thread.block->printed;
    const std::size_t at = out.size();
    out.resize(at + static_cast<std::size_t>(length) + 1);
    std::vsnprintf(out.data() + at, static_cast<std::size_t>(length) + 1, format, args);
    out.resize(at + static_cast<std::size_t>(length));
  }
  va_end(args);
  return length;
}

}  // namespace simt::detail
