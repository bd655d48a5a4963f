/// @file
/// @brief `clock64()` for kernels on the emulator.

#include <simt/cuda/builtins.hpp>

#include <chrono>

long long clock64() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
