// On a GPU: a launch the device refuses is caught by the check after it, in Release builds.
#include "../catch.hpp"

#include "common/cuda_check.hpp"
#include "vector_add.hpp"

#include <string>
#include <vector>

TEST_CASE("A launch with more threads than a block may have is reported by CUDA_CHECK",
          "[cuda-check]") {
  // VecAdd<<<1, N>>> refuses N > 1024 itself; the raw launch below asks the GPU for 2048.
  // CUDA 13 on an H100 reports cudaErrorInvalidValue ("invalid argument"); older toolkits
  // reported cudaErrorInvalidConfiguration. Either way the check names where and what.
  const std::string message = vector_add::launch_error_for_oversized_block();
  CHECK_THAT(message, Catch::Matchers::Contains("vector_add.cu:"));
  CHECK_THAT(message, Catch::Matchers::Contains("cudaGetLastError() failed: cudaErrorInvalid"));
}
