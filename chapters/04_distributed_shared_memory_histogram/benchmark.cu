// Chapter 04's benchmark: every plan that fits, auto and CUB on the GPU, for each distribution
// and bin count, each result checked against the CPU histogram.

#include "benchmark.hpp"

#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/timing.hpp"

// CUB comes with the CUDA Toolkit, for nvcc: the CPU build (which refuses --benchmark, as the
// emulator's timings say nothing of a GPU's) is compiled without the row that compares with it.
#if !TUTORIAL_CPU_BUILD
#include <cub/device/device_histogram.cuh>
#endif

#include <algorithm>
#include <cstddef>
#include <functional>

namespace histogram {

std::string BenchmarkRow::name() const {
  switch (method) {
    case Method::cub: return "CUB DeviceHistogram::HistogramEven";
    case Method::automatic: return "auto (" + plan.describe() + ")";
    case Method::plan: break;
  }
  std::string name = plan.strategy == Strategy::global ? "global"
                     : plan.strategy == Strategy::shared
                         ? "shared"
                         : "cluster " + std::to_string(plan.cluster_size);
  if (plan.hot.count > 0) return name + ", hot-bin cache";
  return plan.warp_aggregated ? name + ", warp-aggregated" : name;
}

std::vector<BenchmarkRow> benchmark_on_device(long long n, const std::vector<int>& bin_counts,
                                              const std::vector<Distribution>& distributions,
                                              std::uint64_t seed) {
  const Limits limits = query_limits();
  const auto count = static_cast<std::size_t>(n);
  tutorial::DeviceBuffer<int> d_input(count);
  std::vector<BenchmarkRow> rows;
  for (const Distribution distribution : distributions)
    for (const int nbins : bin_counts) {
      // In range: CUB drops values outside [0, nbins) where the kernels clamp them.
      const std::vector<int> input =
          make_values(n, nbins, distribution, seed + static_cast<std::uint64_t>(nbins), false);
      d_input.copy_from(input);
      const std::vector<int> expected = reference_histogram(input, nbins);

      tutorial::DeviceBuffer<int> d_bins(static_cast<std::size_t>(nbins));
      std::vector<int> bins(static_cast<std::size_t>(nbins));
      const auto measure = [&](Method method, const Plan& plan, const std::function<void()>& run) {
        const tutorial::Timing t = tutorial::time_on_device([&] {
          CUDA_CHECK(cudaMemsetAsync(d_bins.get(), 0, bins.size() * sizeof(int)));
          run();
        });
        d_bins.copy_to(bins);
        rows.push_back({distribution, nbins, method, plan, t.median_ms,
                        static_cast<double>(n) / (t.median_ms * 1e-3), bins == expected});
      };

      // auto decides from a sample of the input, as the sample program does; the hot-bin cache
      // is timed with the bins that sample finds.
      const InputSample sample = sample_input(input, nbins);
      for (const Plan& p : every_plan(nbins, limits, sample.hot_bins))
        measure(Method::plan, p, [&] { launch(p, d_bins.get(), d_input.get(), n, limits); });
      const Plan chosen = plan(Strategy::automatic, 0, nbins, limits, Setting::automatic,
                               Setting::automatic, sample);
      measure(Method::automatic, chosen,
              [&] { launch(chosen, d_bins.get(), d_input.get(), n, limits); });

#if !TUTORIAL_CPU_BUILD
      // [doc:cub]
      // CUB's histogram over nbins equal-width bins of [0, nbins): the library a CUDA
      // programmer would otherwise reach for. Its scratch space is sized by a first call with
      // no storage.
      std::size_t scratch_bytes = 0;
      CUDA_CHECK(cub::DeviceHistogram::HistogramEven(nullptr, scratch_bytes, d_input.get(),
                                                     d_bins.get(), nbins + 1, 0, nbins, n));
      tutorial::DeviceBuffer<std::byte> scratch(std::max<std::size_t>(scratch_bytes, 1));
      measure(Method::cub, Plan{}, [&] {
        CUDA_CHECK(cub::DeviceHistogram::HistogramEven(scratch.get(), scratch_bytes, d_input.get(),
                                                       d_bins.get(), nbins + 1, 0, nbins, n));
      });
      // [doc:cub]
#endif
    }
  return rows;
}

}  // namespace histogram
