// Chapter 02's host code, as the CUDA runtime API writes it: each kernel of
// matrix_add_kernels.cuh launched with <<<grid, block>>> and dim3 shapes. nvcc builds this file
// for the GPU; simt translates the very same file for the CPU emulator (the sample's CPU build).

#include "matrix_add.hpp"
#include "matrix_add_kernels.cuh"

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_inputs.hpp"
#include "common/verification.hpp"

#include <cstdint>
#include <stdexcept>

namespace matrix_add {

namespace {

unsigned blocks_for(long long extent) { return static_cast<unsigned>((extent + tile - 1) / tile); }
// MatAddFloat4's threads each cover four columns.
unsigned float4_blocks_for(long long cols) { return blocks_for((cols + 3) / 4); }

// [doc:launch]
void launch(Variant variant, const float* A, const float* B, float* C, int rows, int cols) {
  const dim3 threadsPerBlock(tile, tile);
  if (variant == Variant::one_block) {
    MatAddOneBlock<<<1, dim3(cols, rows)>>>(A, B, C, cols);
  } else if (variant == Variant::coalesced) {  // x covers columns, y covers rows
    const dim3 numBlocks(blocks_for(cols), blocks_for(rows));
    MatAdd<<<numBlocks, threadsPerBlock>>>(A, B, C, rows, cols);
  } else if (variant == Variant::vectorized) {  // x covers groups of four columns
    const dim3 numBlocks(float4_blocks_for(cols), blocks_for(rows));
    MatAddFloat4<<<numBlocks, threadsPerBlock>>>(A, B, C, rows, cols);
  } else {  // transposed: x covers rows, y covers columns
    const dim3 numBlocks(blocks_for(rows), blocks_for(cols));
    MatAddTransposedIndex<<<numBlocks, threadsPerBlock>>>(A, B, C, rows, cols);
  }
  CUDA_CHECK(cudaGetLastError());  // a launch returns no status: its errors come here
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

void add(Variant variant, std::span<const float> a, std::span<const float> b, std::span<float> c,
         int rows, int cols) {
  const auto count = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  if (rows < 1 || cols < 1 || a.size() != count || b.size() != count || c.size() != count)
    throw std::invalid_argument("matrix_add::add: matrices must hold rows * cols >= 1 elements");
  if (variant == Variant::one_block && (rows != cols || rows > max_one_block_n))
    throw std::invalid_argument("MatAddOneBlock needs an N x N matrix with N * N <= 1024");
  if (rows > max_extent || cols > max_extent)
    throw std::invalid_argument("matrix_add::add: rows and cols are limited to 65535 * 16");

  const std::size_t bytes = count * sizeof(float);
  tutorial::DeviceBuffer<float> d_A(count), d_B(count), d_C(count);  // cudaMalloc, cudaFree
  CUDA_CHECK(cudaMemcpy(d_A.get(), a.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_B.get(), b.data(), bytes, cudaMemcpyHostToDevice));
  launch(variant, d_A.get(), d_B.get(), d_C.get(), rows, cols);
  CUDA_CHECK(cudaMemcpy(c.data(), d_C.get(), bytes, cudaMemcpyDeviceToHost));
}

std::vector<unsigned> thread_coordinates_by_id(BlockShape block) {
  const auto threads = static_cast<std::size_t>(block.x) * block.y * block.z;
  if (threads < 1 || threads > 1024) throw std::invalid_argument("a block has 1 to 1024 threads");
  std::vector<unsigned> coordinates(3 * threads, 0xFFFFFFFFu);  // unwritten entries stand out
  tutorial::DeviceBuffer<unsigned> d_coordinates{std::span<const unsigned>(coordinates)};
  RecordThreadIds<<<1, dim3(block.x, block.y, block.z)>>>(d_coordinates.get());
  CUDA_CHECK(cudaGetLastError());
  return d_coordinates.to_host();
}

// [doc:reference]
std::vector<float> reference_add(std::span<const float> a, std::span<const float> b) {
  std::vector<float> c(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) c[i] = a[i] + b[i];
  return c;
}
// [doc:reference]

std::vector<tutorial::BandwidthRow> benchmark(int rows, int cols, std::uint64_t seed,
                                              tutorial::TimingPolicy policy) {
  const auto count = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  const std::vector<float> a = tutorial::random_floats(count, seed);
  const std::vector<float> b = tutorial::random_floats(count, seed + 1);
  const std::vector<float> expected = reference_add(a, b);

  tutorial::DeviceBuffer<float> d_A{std::span<const float>(a)}, d_B{std::span<const float>(b)};
  tutorial::DeviceBuffer<float> d_C(count);
  const double bytes_moved = 3.0 * static_cast<double>(count) * sizeof(float);

  std::vector<tutorial::BandwidthRow> table{tutorial::copy_ceiling(count * sizeof(float), policy)};
  for (Variant v : {Variant::coalesced, Variant::vectorized, Variant::transposed}) {
    CUDA_CHECK(cudaMemset(d_C.get(), 0xFF, count * sizeof(float)));
    table.push_back(tutorial::measure_bandwidth(
        describe_launch(v, rows, cols), bytes_moved,
        [&] { launch(v, d_A.get(), d_B.get(), d_C.get(), rows, cols); },
        [&] { return !tutorial::first_mismatch(d_C.to_host(), expected).has_value(); }, policy));
  }
  return table;
}

}  // namespace matrix_add
