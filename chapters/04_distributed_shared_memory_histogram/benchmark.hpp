#pragma once
// Chapter 04's benchmark: every strategy, auto and CUB on the GPU, over three distributions.

#include "histogram.hpp"
#include "inputs.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace histogram {

/// What one row of the benchmark measured.
enum class Method {
  plan,       ///< One fixed strategy (BenchmarkRow::plan).
  automatic,  ///< What auto chose from a sample of the input (BenchmarkRow::plan).
  cub,        ///< CUB's DeviceHistogram::HistogramEven.
};

/// One measurement of the benchmark.
struct BenchmarkRow {
  Distribution distribution = Distribution::uniform;  ///< Of the input values.
  int nbins = 0;                                      ///< Number of bins.
  Method method = Method::plan;                       ///< What was timed.
  Plan plan;                                          ///< Its plan (not for CUB).
  double median_ms = 0;                               ///< Median time of one histogram.
  double elements_per_s = 0;                          ///< Input elements per second.
  bool verified = false;                              ///< Equal to the CPU histogram.
  /// "shared, warp-aggregated", "global, hot-bin cache", "cluster 2", "auto (shared memory per
  /// block (1.00 KiB))", "CUB DeviceHistogram::HistogramEven".
  [[nodiscard]] std::string name() const;
};

/// Times every plan that fits (every_plan()), auto, and CUB's DeviceHistogram::HistogramEven on
/// `n` values in range of each distribution for each bin count.
[[nodiscard]] std::vector<BenchmarkRow> benchmark_on_device(
    long long n, const std::vector<int>& bin_counts, const std::vector<Distribution>& distributions,
    std::uint64_t seed);

}  // namespace histogram
