// Chapter 01's launches: each kernel of vector_add_kernels.cuh launched on the GPU with
// <<<grid, block>>>, or the same kernel on the CPU emulator with simt::launch, from one call.

#include "vector_add.hpp"
#include "vector_add_kernels.cuh"

#include "common/backend_launch.hpp"
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
void launch(tutorial::Backend backend, Variant variant, const float* A, const float* B, float* C,
            long long n) {
  switch (variant) {
    case Variant::one_block:
      tutorial::launch_on(backend, {1, static_cast<unsigned>(n)}, VecAdd, A, B, C);
      break;
    case Variant::bounded:
      tutorial::launch_on(backend, {blocks_for(n), threads_per_block}, VecAddBounded, A, B, C, n);
      break;
    case Variant::vectorized:
      tutorial::launch_on(backend, {blocks_for((n + 3) / 4), threads_per_block}, VecAddFloat4, A, B,
                          C, n);
      break;
  }
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

void add(tutorial::Backend backend, Variant variant, std::span<const float> a,
         std::span<const float> b, std::span<float> c) {
  const auto n = static_cast<long long>(c.size());
  if (a.size() != c.size() || b.size() != c.size())
    throw std::invalid_argument("vector_add::add: vectors differ in size");
  if (variant == Variant::one_block && (n < 1 || n > max_threads_per_block))
    throw std::invalid_argument("VecAdd<<<1, N>>> needs 1 <= N <= 1024 threads in its block");
  const auto aligned = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
  if (variant == Variant::vectorized &&
      !(aligned(a.data()) && aligned(b.data()) && aligned(c.data())))
    throw std::invalid_argument(
        "VecAddFloat4 needs 16-byte aligned vectors for its float4 accesses");

  if (backend == tutorial::Backend::emulator) {
    launch(backend, variant, a.data(), b.data(), c.data(), n);
    return;
  }
  // [doc:device-memory]
  tutorial::DeviceBuffer<float> d_A(a), d_B(b), d_C(c.size());
  launch(backend, variant, d_A.get(), d_B.get(), d_C.get(), n);
  d_C.copy_to(c);  // cudaMemcpy waits for the kernel: it runs in the same (default) stream
  // [doc:device-memory]
}

std::string launch_error_for_oversized_block() {
  tutorial::DeviceBuffer<float> d(2048);
  try {
    tutorial::launch_on(tutorial::Backend::device, {1, 2048}, VecAdd, d.get(), d.get(), d.get());
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

std::vector<tutorial::BandwidthRow> benchmark_on_device(long long n, std::uint64_t seed) {
  const auto count = static_cast<std::size_t>(n);
  const std::vector<float> a = tutorial::random_floats(count, seed);
  const std::vector<float> b = tutorial::random_floats(count, seed + 1);
  const std::vector<float> expected = reference_add(a, b);

  tutorial::DeviceBuffer<float> d_A{std::span<const float>(a)}, d_B{std::span<const float>(b)};
  tutorial::DeviceBuffer<float> d_C(count);
  const double bytes_moved = 3.0 * static_cast<double>(n) * sizeof(float);  // 2 reads + 1 write

  std::vector<tutorial::BandwidthRow> rows{tutorial::copy_ceiling(count * sizeof(float))};
  std::vector<float> c(count);
  for (Variant v : {Variant::bounded, Variant::vectorized}) {
    CUDA_CHECK(cudaMemset(d_C.get(), 0xFF, count * sizeof(float)));  // NaN: unwritten shows
    rows.push_back(tutorial::measure_bandwidth(
        describe_launch(v, n), bytes_moved,
        [&] { launch(tutorial::Backend::device, v, d_A.get(), d_B.get(), d_C.get(), n); },
        [&] {
          d_C.copy_to(c);
          return !tutorial::first_mismatch(c, expected).has_value();
        }));
  }
  return rows;
}

}  // namespace vector_add
