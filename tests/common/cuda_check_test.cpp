// CUDA errors are reported in Release builds too: CUDA_CHECK is not an assert.
#include "../catch.hpp"

#include "common/cuda_check.hpp"

#include <string>

TEST_CASE("CUDA_CHECK throws with the file, line, call, error name and description",
          "[cuda-check]") {
#ifdef NDEBUG
  SUCCEED("this is a Release (NDEBUG) build");
#endif
  try {
    CUDA_CHECK(cudaErrorInvalidConfiguration);
    FAIL("no exception");
  } catch (const tutorial::CudaError& e) {
    const std::string message = e.what();
    CHECK(e.code() == cudaErrorInvalidConfiguration);
    CHECK_THAT(message, Catch::Matchers::Contains("cuda_check_test.cpp:"));
    CHECK_THAT(message, Catch::Matchers::Contains(
                            "cudaErrorInvalidConfiguration failed: cudaErrorInvalidConfiguration"));
    CHECK_THAT(message, Catch::Matchers::Contains("invalid configuration argument"));
  }
  CHECK_NOTHROW(CUDA_CHECK(cudaSuccess));
}
