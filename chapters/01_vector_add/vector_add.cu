// Chapter 01's host code, as the CUDA runtime API writes it: device memory with cudaMalloc,
// copies with cudaMemcpy, launches with <<<grid, block>>>. nvcc builds this file for the GPU;
// simt translates the very same file for the CPU emulator (the sample's CPU build).

#include "vector_add.hpp"
#include "vector_add_kernels.cuh"

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_inputs.hpp"
#include "common/verification.hpp"

#include <cstdint>
#include <stdexcept>

namespace vector_add {

namespace {

// Enough blocks of threads_per_block threads to give each of `threads` threads a place.
unsigned blocks_for(long long threads) {
  return static_cast<unsigned>((threads + threads_per_block - 1) / threads_per_block);
}

// [doc:launch]
void launch(Variant variant, const float* A, const float* B, float* C, long long n) {
  if (variant == Variant::one_block)
    VecAdd<<<1, static_cast<unsigned>(n)>>>(A, B, C);
  else if (variant == Variant::bounded)
    VecAddBounded<<<blocks_for(n), threads_per_block>>>(A, B, C, n);
  else
    VecAddFloat4<<<blocks_for((n + 3) / 4), threads_per_block>>>(A, B, C, n);
  // A launch returns no status: what the GPU refused (a block of 2048 threads, say) is the
  // next error cudaGetLastError() returns.
  CUDA_CHECK(cudaGetLastError());
}
// [doc:launch]

}  // namespace

std::string describe_launch(Variant variant, long long n) {
  switch (variant) {
    case Variant::one_block: return "VecAdd<<<1, " + std::to_string(n) + ">>>";
    case Variant::bounded: return "VecAddBounded<<<" + std::to_string(blocks_for(n)) + ", 256>>>";
    case Variant::vectorized:
      return "VecAddFloat4<<<" + std::to_string(blocks_for((n + 3) / 4)) + ", 256>>>";
  }
  return {};
}

void add(Variant variant, std::span<const float> a, std::span<const float> b, std::span<float> c) {
  const auto n = static_cast<long long>(c.size());
  if (a.size() != c.size() || b.size() != c.size())
    throw std::invalid_argument("vector_add::add: vectors differ in size");
  if (variant == Variant::one_block && (n < 1 || n > max_threads_per_block))
    throw std::invalid_argument("VecAdd<<<1, N>>> needs 1 <= N <= 1024 threads in its block");

  // [doc:device-memory]
  const std::size_t bytes = c.size() * sizeof(float);
  // cudaMalloc'ed here, cudaFree'd when they go out of scope (an error thrown below included)
  tutorial::DeviceBuffer<float> d_A(c.size()), d_B(c.size()), d_C(c.size());
  CUDA_CHECK(cudaMemcpy(d_A.get(), a.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_B.get(), b.data(), bytes, cudaMemcpyHostToDevice));
  launch(variant, d_A.get(), d_B.get(), d_C.get(), n);
  // cudaMemcpy waits for the kernel: both are in the same (default) stream
  CUDA_CHECK(cudaMemcpy(c.data(), d_C.get(), bytes, cudaMemcpyDeviceToHost));
  // [doc:device-memory]
}

std::string launch_error_for_oversized_block() {
  tutorial::DeviceBuffer<float> d(2048);
  try {
    launch(Variant::one_block, d.get(), d.get(), d.get(), 2048);
  } catch (const tutorial::CudaError& e) {
    return e.what();
  }
  return "no error";
}

// [doc:reference]
std::vector<float> reference_add(std::span<const float> a, std::span<const float> b) {
  std::vector<float> c(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) c[i] = a[i] + b[i];
  return c;
}
// [doc:reference]

std::vector<tutorial::BandwidthRow> benchmark(long long n, std::uint64_t seed,
                                              tutorial::TimingPolicy policy) {
  const auto count = static_cast<std::size_t>(n);
  const std::vector<float> a = tutorial::random_floats(count, seed);
  const std::vector<float> b = tutorial::random_floats(count, seed + 1);
  const std::vector<float> expected = reference_add(a, b);

  tutorial::DeviceBuffer<float> d_A{std::span<const float>(a)}, d_B{std::span<const float>(b)};
  tutorial::DeviceBuffer<float> d_C(count);
  const double bytes_moved = 3.0 * static_cast<double>(n) * sizeof(float);  // 2 reads + 1 write

  std::vector<tutorial::BandwidthRow> rows{tutorial::copy_ceiling(count * sizeof(float), policy)};
  for (Variant v : {Variant::bounded, Variant::vectorized}) {
    CUDA_CHECK(cudaMemset(d_C.get(), 0xFF, count * sizeof(float)));  // NaN: unwritten shows
    rows.push_back(tutorial::measure_bandwidth(
        describe_launch(v, n), bytes_moved, [&] { launch(v, d_A.get(), d_B.get(), d_C.get(), n); },
        [&] { return !tutorial::first_mismatch(d_C.to_host(), expected).has_value(); }, policy));
  }
  return rows;
}

}  // namespace vector_add
