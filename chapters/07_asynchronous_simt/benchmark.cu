// Chapter 07's benchmark: each copy method timed on the GPU at two occupancies.

#include "benchmark.hpp"

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_inputs.hpp"
#include "common/timing.hpp"

namespace async_simt {

CopyBenchmark benchmark_on_device(int tiles, std::uint64_t seed) {
  const std::size_t n = static_cast<std::size_t>(tiles) * tile_floats;
  const std::vector<float> in = tutorial::random_floats(n, seed);
  const std::vector<float> expected = reference_neighbour_sums(in);
  tutorial::DeviceBuffer<float> d_in{std::span<const float>(in)}, d_out(n);
  int sms = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CopyBenchmark result;
  result.copy_gbs = tutorial::copy_bandwidth_gbs(n * sizeof(float));
  const double bytes = 2.0 * static_cast<double>(n) * sizeof(float);
  for (const bool full : {false, true})
    for (Copy copy : all_copies) {
      const CopyKernel kernel = copy_kernel(copy);
      int per_sm = 1;
      if (full)
        CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            &per_sm, kernel, static_cast<int>(threads_per_block), 0));
      const unsigned blocks = static_cast<unsigned>(sms * per_sm);
      const auto launch = [&] {
        kernel<<<blocks, threads_per_block>>>(d_in.get(), d_out.get(), tiles);
        CUDA_CHECK(cudaGetLastError());
      };
      CUDA_CHECK(cudaMemset(d_out.get(), 0, n * sizeof(float)));
      const tutorial::Timing t = tutorial::time_on_device(launch);
      const double gbs = bytes / (t.median_ms * 1e6);
      result.rows.push_back({copy, static_cast<unsigned>(per_sm), t.median_ms, gbs,
                             gbs / result.copy_gbs, d_out.to_host() == expected});
    }
  return result;
}

}  // namespace async_simt
