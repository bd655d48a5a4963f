// The host side in a C++ file of its own: it allocates and copies with the runtime API and
// launches through scaled_sums.cu's C function and its template, then checks every sum against
// a CPU loop.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "../check_cuda.h"
#include "scaled_sums.h"

namespace report {
std::string count_of(int count, const char* things) { return std::to_string(count) + " " + things; }
}  // namespace report

int main() {
  findCudaDevice();
  const int n = 100003;
  std::mt19937 random(std::random_device{}());
  std::uniform_real_distribution<float> values(-1.0f, 1.0f);
  std::vector<float> input(n);
  for (float& v : input) v = values(random);
  const float coefficients[4] = {values(random), values(random), values(random), values(random)};
  setCoefficients(coefficients);
  float* d_input = nullptr;
  float* d_sums = nullptr;
  checkCudaErrors(cudaMalloc(&d_input, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_sums, (n + 127) / 128 * sizeof(float)));
  checkCudaErrors(cudaMemcpy(d_input, input.data(), n * sizeof(float), cudaMemcpyHostToDevice));

  int failures = 0;
  for (int block_size : {128, kLargestBlock}) {
    const int blocks = BlockCover{n}.blocks(block_size);
    if (block_size == 128)
      launchScaledSums(d_input, d_sums, n, block_size);
    else
      launchScaledSumsOf<256>(d_input, d_sums, n);
    std::vector<float> sums(blocks);
    checkCudaErrors(
        cudaMemcpy(sums.data(), d_sums, blocks * sizeof(float), cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int b = 0; b < blocks; ++b) {
      double expected = 0;
      for (int i = b * block_size; i < std::min(n, (b + 1) * block_size); ++i)
        expected += double(input[i]) * coefficients[i % 4];
      if (std::fabs(sums[b] - expected) > 1e-4 * block_size) ++wrong;
    }
    std::printf("block size %d: %d of %s differ from the CPU's\n", block_size, wrong,
                BlockCover{n}.describe(block_size).c_str());
    failures += wrong;
  }
  checkCudaErrors(cudaFree(d_input));
  checkCudaErrors(cudaFree(d_sums));
  std::printf("%s\n", failures == 0 ? "Test PASSED" : "Test FAILED");
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
