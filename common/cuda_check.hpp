#pragma once
/// @file
/// @brief Checking every CUDA runtime call, in Release builds too.

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

namespace tutorial {

/// @brief A failed CUDA runtime call: where it was made, what it was, and CUDA's own words.
class CudaError : public std::runtime_error {
 public:
  /// @brief Builds "file:line: call failed: cudaErrorX (description)".
  CudaError(cudaError_t code, const char* call, const char* file, int line);
  /// @brief The error code the call returned.
  [[nodiscard]] cudaError_t code() const noexcept { return code_; }

 private:
  cudaError_t code_;
};

/// @brief Throws CudaError unless `code` is cudaSuccess. Use through CUDA_CHECK.
inline void check_cuda(cudaError_t code, const char* call, const char* file, int line) {
  if (code != cudaSuccess) throw CudaError(code, call, file, line);
}

}  // namespace tutorial

/// @brief Checks a CUDA runtime call; on failure throws tutorial::CudaError naming the file,
/// line, call text, error name and description. Unlike `assert`, it stays in Release builds.
/// (`tutorial::`, not `::tutorial::`: a CPU build's translation compiles the sources' code inside
/// a namespace of the emulator's, where `::tutorial` is not this namespace.)
#define CUDA_CHECK(call) tutorial::check_cuda((call), #call, __FILE__, __LINE__)
