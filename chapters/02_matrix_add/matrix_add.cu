// Chapter 02's launches: each kernel of matrix_add_kernels.cuh on the GPU with
// <<<grid, block>>> and dim3 shapes, or the same kernel on the CPU emulator, from one call.

#include "matrix_add.hpp"
#include "matrix_add_kernels.cuh"

#include "common/backend_launch.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_inputs.hpp"
#include "common/verification.hpp"

#include <simt/launch.hpp>

#include <cstdint>
#include <stdexcept>

namespace matrix_add {

namespace {

unsigned blocks_for(long long extent) { return static_cast<unsigned>((extent + tile - 1) / tile); }
// MatAddFloat4's threads each cover four columns.
unsigned float4_blocks_for(long long cols) { return blocks_for((cols + 3) / 4); }

// [doc:launch]
void launch(tutorial::Backend backend, Variant variant, const float* A, const float* B, float* C,
            int rows, int cols) {
  const dim3 threadsPerBlock(tile, tile);
  switch (variant) {
    case Variant::one_block:
      tutorial::launch_on(backend, {1, dim3(cols, rows)}, MatAddOneBlock, A, B, C, cols);
      break;
    case Variant::coalesced:  // x covers columns, y covers rows
      tutorial::launch_on(backend, {dim3(blocks_for(cols), blocks_for(rows)), threadsPerBlock},
                          MatAdd, A, B, C, rows, cols);
      break;
    case Variant::vectorized:  // x covers groups of four columns
      tutorial::launch_on(backend,
                          {dim3(float4_blocks_for(cols), blocks_for(rows)), threadsPerBlock},
                          MatAddFloat4, A, B, C, rows, cols);
      break;
    case Variant::transposed:  // x covers rows, y covers columns
      tutorial::launch_on(backend, {dim3(blocks_for(rows), blocks_for(cols)), threadsPerBlock},
                          MatAddTransposedIndex, A, B, C, rows, cols);
      break;
  }
}
// [doc:launch]

}  // namespace

std::string describe_launch(Variant variant, long long rows, long long cols) {
  const auto pair = [](long long x, long long y) {
    return "(" + std::to_string(x) + ", " + std::to_string(y) + ")";
  };
  switch (variant) {
    case Variant::one_block: return "MatAddOneBlock<<<1, " + pair(cols, rows) + ">>>";
    case Variant::coalesced:
      return "MatAdd<<<" + pair(blocks_for(cols), blocks_for(rows)) + ", (16, 16)>>>";
    case Variant::vectorized:
      return "MatAddFloat4<<<" + pair(float4_blocks_for(cols), blocks_for(rows)) + ", (16, 16)>>>";
    case Variant::transposed:
      return "MatAddTransposedIndex<<<" + pair(blocks_for(rows), blocks_for(cols)) +
             ", (16, 16)>>>";
  }
  return {};
}

void add(tutorial::Backend backend, Variant variant, std::span<const float> a,
         std::span<const float> b, std::span<float> c, int rows, int cols) {
  const auto count = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  if (rows < 1 || cols < 1 || a.size() != count || b.size() != count || c.size() != count)
    throw std::invalid_argument("matrix_add::add: matrices must hold rows * cols >= 1 elements");
  if (variant == Variant::one_block && (rows != cols || rows > max_one_block_n))
    throw std::invalid_argument("MatAddOneBlock needs an N x N matrix with N * N <= 1024");
  if (rows > max_extent || cols > max_extent)
    throw std::invalid_argument("matrix_add::add: rows and cols are limited to 65535 * 16");
  const auto aligned = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
  if (variant == Variant::vectorized &&
      !(aligned(a.data()) && aligned(b.data()) && aligned(c.data())))
    throw std::invalid_argument(
        "MatAddFloat4 needs 16-byte aligned matrices for its float4 accesses");

  if (backend == tutorial::Backend::emulator) {
    launch(backend, variant, a.data(), b.data(), c.data(), rows, cols);
    return;
  }
  tutorial::DeviceBuffer<float> d_A(a), d_B(b), d_C(c.size());
  launch(backend, variant, d_A.get(), d_B.get(), d_C.get(), rows, cols);
  d_C.copy_to(c);
}

std::vector<unsigned> thread_coordinates_by_id(tutorial::Backend backend, simt::Dim3 block) {
  const auto threads = static_cast<std::size_t>(block.volume());
  if (threads < 1 || threads > 1024) throw std::invalid_argument("a block has 1 to 1024 threads");
  std::vector<unsigned> coordinates(3 * threads, 0xFFFFFFFFu);  // unwritten entries stand out
  if (backend == tutorial::Backend::emulator) {
    tutorial::launch_on(backend, {1, dim3(block.x, block.y, block.z)}, RecordThreadIds,
                        coordinates.data());
    return coordinates;
  }
  tutorial::DeviceBuffer<unsigned> d_coordinates{std::span<const unsigned>(coordinates)};
  tutorial::launch_on(backend, {1, dim3(block.x, block.y, block.z)}, RecordThreadIds,
                      d_coordinates.get());
  d_coordinates.copy_to(coordinates);
  return coordinates;
}

// [doc:reference]
std::vector<float> reference_add(std::span<const float> a, std::span<const float> b) {
  std::vector<float> c(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) c[i] = a[i] + b[i];
  return c;
}
// [doc:reference]

std::vector<tutorial::BandwidthRow> benchmark_on_device(int rows, int cols, std::uint64_t seed) {
  const auto count = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  const std::vector<float> a = tutorial::random_floats(count, seed);
  const std::vector<float> b = tutorial::random_floats(count, seed + 1);
  const std::vector<float> expected = reference_add(a, b);

  tutorial::DeviceBuffer<float> d_A{std::span<const float>(a)}, d_B{std::span<const float>(b)};
  tutorial::DeviceBuffer<float> d_C(count);
  const double bytes_moved = 3.0 * static_cast<double>(count) * sizeof(float);

  std::vector<tutorial::BandwidthRow> table{tutorial::copy_ceiling(count * sizeof(float))};
  std::vector<float> c(count);
  for (Variant v : {Variant::coalesced, Variant::vectorized, Variant::transposed}) {
    CUDA_CHECK(cudaMemset(d_C.get(), 0xFF, count * sizeof(float)));
    table.push_back(tutorial::measure_bandwidth(
        describe_launch(v, rows, cols), bytes_moved,
        [&] { launch(tutorial::Backend::device, v, d_A.get(), d_B.get(), d_C.get(), rows, cols); },
        [&] {
          d_C.copy_to(c);
          return !tutorial::first_mismatch(c, expected).has_value();
        }));
  }
  return table;
}

}  // namespace matrix_add
