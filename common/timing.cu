#include "timing.hpp"

#include "cuda_check.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

namespace tutorial {

namespace {

Timing summarize(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms.front(), ms.back()};
}

}  // namespace

Timing time_on_device(const std::function<void()>& enqueue, TimingPolicy policy,
                      const std::function<void()>& prepare) {
  const auto prepare_next = [&] {
    if (!prepare) return;
    CUDA_CHECK(cudaDeviceSynchronize());  // the GPU is done with what `prepare` touches
    prepare();
  };
  for (int i = 0; i < policy.warmups; ++i) {
    prepare_next();
    enqueue();
  }
  CUDA_CHECK(cudaGetLastError());
  cudaEvent_t start = nullptr;
  cudaEvent_t stop = nullptr;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  std::vector<double> ms;
  for (int i = 0; i < std::max(1, policy.repetitions); ++i) {
    prepare_next();
    CUDA_CHECK(cudaEventRecord(start));
    enqueue();
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    CUDA_CHECK(cudaGetLastError());
    float elapsed = 0;
    CUDA_CHECK(cudaEventElapsedTime(&elapsed, start, stop));
    ms.push_back(elapsed);
  }
  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  return summarize(std::move(ms));
}

Timing time_on_host(const std::function<void()>& run, TimingPolicy policy) {
  for (int i = 0; i < policy.warmups; ++i) run();
  std::vector<double> ms;
  for (int i = 0; i < std::max(1, policy.repetitions); ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    const auto t1 = std::chrono::steady_clock::now();
    ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return summarize(std::move(ms));
}

double copy_bandwidth_gbs(std::size_t bytes, TimingPolicy policy) {
  void* source = nullptr;
  void* destination = nullptr;
  CUDA_CHECK(cudaMalloc(&source, bytes));
  CUDA_CHECK(cudaMalloc(&destination, bytes));
  CUDA_CHECK(cudaMemset(source, 1, bytes));
  const Timing t = time_on_device(
      [&] { CUDA_CHECK(cudaMemcpy(destination, source, bytes, cudaMemcpyDeviceToDevice)); },
      policy);
  CUDA_CHECK(cudaFree(source));
  CUDA_CHECK(cudaFree(destination));
  return 2.0 * static_cast<double>(bytes) / (t.median_ms * 1e6);
}

}  // namespace tutorial
