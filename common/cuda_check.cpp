#include "cuda_check.hpp"

namespace tutorial {

CudaError::CudaError(cudaError_t code, const char* call, const char* file, int line)
    : std::runtime_error(std::string(file) + ":" + std::to_string(line) + ": " + call +
                         " failed: " + cudaGetErrorName(code) + " (" + cudaGetErrorString(code) +
                         ")"),
      code_(code) {}

}  // namespace tutorial
