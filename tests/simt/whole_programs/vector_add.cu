// A whole program as a CUDA sample collection writes one: pinned host memory, a stream with
// asynchronous copies, a launch timed with events, the result checked against the CPU (timed
// with the helper header's stopwatch).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

#include <cuda_runtime.h>

#include "check_cuda.h"

// nvcc's own pragmas, which the host compiler does not know (and would warn about), go from the
// program's host code too, not only from its kernels.
#pragma nv_diag_suppress static_var_with_dynamic_init

// Each pass sees its own definition of COMPILED_FOR, never the other's, and host_name.h once.
#include "compiled_for.h"
#include "host_name.h"

__global__ void vectorAdd(const float* a, const float* b, float* c, int n) {
  // And in a kernel, where the guide writes this one before a __shared__ cuda::barrier.
#pragma nv_diag_suppress static_var_with_dynamic_init
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main(int argc, char** argv) {
  findCudaDevice();
  std::printf("main compiled for %s\n", COMPILED_FOR);
  const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  const size_t bytes = n * sizeof(float);
  float *a, *b, *c;
  checkCudaErrors(cudaMallocHost(&a, bytes));
  checkCudaErrors(cudaMallocHost(&b, bytes));
  checkCudaErrors(cudaMallocHost(&c, bytes));
  std::mt19937 random(std::random_device{}());
  std::uniform_real_distribution<float> values(-1.0f, 1.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = values(random);
    b[i] = values(random);
  }
  float *da, *db, *dc;
  checkCudaErrors(cudaMalloc(&da, bytes));
  checkCudaErrors(cudaMalloc(&db, bytes));
  checkCudaErrors(cudaMalloc(&dc, bytes));
  cudaStream_t stream;
  checkCudaErrors(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cudaEvent_t start, stop;
  checkCudaErrors(cudaEventCreate(&start));
  checkCudaErrors(cudaEventCreate(&stop));

  checkCudaErrors(cudaMemcpyAsync(da, a, bytes, cudaMemcpyHostToDevice, stream));
  checkCudaErrors(cudaMemcpyAsync(db, b, bytes, cudaMemcpyHostToDevice, stream));
  const int threads = 256;
  const int blocks = (n + threads - 1) / threads;
  checkCudaErrors(cudaEventRecord(start, stream));
  vectorAdd<<<blocks, threads, 0, stream>>>(da, db, dc, n);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaEventRecord(stop, stream));
  checkCudaErrors(cudaMemcpyAsync(c, dc, bytes, cudaMemcpyDeviceToHost, stream));
  checkCudaErrors(cudaStreamSynchronize(stream));
  float ms = 0;
  checkCudaErrors(cudaEventElapsedTime(&ms, start, stop));
  std::printf("vectorAdd<<<%d, %d>>> on %d elements: %.3f ms\n", blocks, threads, n, ms);

  HostStopWatch check_time;
  check_time.start();
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    if (c[i] != a[i] + b[i]) ++wrong;
  check_time.stop();
  std::printf("the CPU's check: %.3f ms\n", check_time.milliseconds());
  checkCudaErrors(cudaEventDestroy(start));
  checkCudaErrors(cudaEventDestroy(stop));
  checkCudaErrors(cudaStreamDestroy(stream));
  checkCudaErrors(cudaFree(da));
  checkCudaErrors(cudaFree(db));
  checkCudaErrors(cudaFree(dc));
  checkCudaErrors(cudaFreeHost(a));
  checkCudaErrors(cudaFreeHost(b));
  checkCudaErrors(cudaFreeHost(c));
  std::printf("%s (%d of %d elements differ from the CPU's sums)\n",
              wrong == 0 ? "Test PASSED" : "Test FAILED", wrong, n);
  return wrong == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
