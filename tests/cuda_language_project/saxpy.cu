// y = a * x + y on random input, checked against the CPU.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#define CHECK(call)                                                      \
  do {                                                                   \
    cudaError_t status = (call);                                         \
    if (status != cudaSuccess) {                                         \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, \
                   cudaGetErrorString(status));                          \
      std::exit(1);                                                      \
    }                                                                    \
  } while (0)

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  const int n = 100000;
  const float a = 2.5f;
  std::mt19937 random(std::random_device{}());
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = value(random);
    y[i] = value(random);
  }
  float *device_x, *device_y;
  CHECK(cudaMalloc(&device_x, n * sizeof(float)));
  CHECK(cudaMalloc(&device_y, n * sizeof(float)));
  CHECK(cudaMemcpy(device_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(device_y, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  saxpy<<<(n + 255) / 256, 256>>>(n, a, device_x, device_y);
  CHECK(cudaGetLastError());
  std::vector<float> result(n);
  CHECK(cudaMemcpy(result.data(), device_y, n * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += std::fabs(result[i] - (a * x[i] + y[i])) > 1e-5f;
  std::printf("saxpy of %d random values: %s\n", n, wrong ? "FAILED" : "PASSED");
  CHECK(cudaFree(device_x));
  CHECK(cudaFree(device_y));
  return wrong ? 1 : 0;
}
