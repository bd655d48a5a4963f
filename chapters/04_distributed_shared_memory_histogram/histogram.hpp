#pragma once
// Chapter 04's kernel library: histograms with global atomics, per-block shared memory, or
// distributed shared memory across a thread block cluster, on the GPU or the CPU emulator.

#include "common/backend.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace histogram {

/// How the histogram is built (`--strategy`).
enum class Strategy {
  automatic,  ///< Shared if it fits, else a cluster of 2 if it fits, else global.
  global,     ///< HistogramGlobal: atomics in device memory.
  shared,     ///< HistogramShared: one copy of the histogram per block in shared memory.
  cluster,    ///< clusterHist_kernel: the histogram split across a cluster's shared memory.
};

/// How the values spread over the bins (`--distribution`).
enum class Distribution {
  uniform,  ///< Evenly over the bins: the lanes of a warp rarely share a bin.
  skewed,   ///< 90% of the values in four bins, where atomics contend.
  single,   ///< Every value in one bin: every lane of every warp on one address.
};

/// Whether each warp adds once per distinct bin (`--warp-aggregation`).
enum class Aggregation {
  automatic,  ///< Decided from a sample of the input (should_aggregate()).
  on,         ///< Always (global and shared strategies).
  off,        ///< Never: one atomic per value.
};

/// `n` random values for `nbins` bins. With `beyond_range`, 1/8 of the range beyond each end
/// of [0, nbins) is drawn too (values the kernels clamp; CUB would drop them).
[[nodiscard]] std::vector<int> make_values(long long n, int nbins, Distribution distribution,
                                           std::uint64_t seed, bool beyond_range);

/// The mean number of distinct bins among 32 consecutive values (what one warp's atomics hit
/// at once), over up to 1024 windows spread over `input`: 32 when no two lanes share a bin, 1
/// when all do.
[[nodiscard]] double distinct_bins_per_warp(std::span<const int> input, int nbins);

/// The rule `auto` follows: aggregate when a warp's 32 values fall, on average, in at most
/// this many distinct bins (measured on an H100; see the chapter page).
inline constexpr double aggregate_at_most_distinct = 16.0;

/// What the device (or the emulator) offers the histogram kernels.
struct Limits {
  std::size_t shared_bytes_per_block = 0;  ///< Largest dynamic shared memory of one block.
  unsigned max_cluster_size = 8;           ///< 8, or 16 if non-portable sizes are allowed.
  int multiprocessors = 0;                 ///< SMs (0 on the emulator).
};

/// Reads the limits of the GPU, or the emulator's (which imitates an H100).
[[nodiscard]] Limits query_limits(tutorial::Backend backend);

/// A resolved launch: which kernel, cluster size and shared memory per block.
struct Plan {
  Strategy strategy = Strategy::global;  ///< Never automatic once planned.
  unsigned cluster_size = 1;             ///< Blocks per cluster (cluster strategy).
  int bins_per_block = 0;                ///< Bins each block's shared memory holds.
  std::size_t shared_bytes = 0;          ///< Dynamic shared memory per block.
  bool warp_aggregated = false;          ///< Each warp adds once per distinct bin.
  /// "cluster of 4 blocks, 16384 bins (64.00 KiB) per block".
  [[nodiscard]] std::string describe() const;
};

/// The largest cluster `auto` uses. With a cluster of c blocks, (c - 1) / c of the updates go
/// to another SM's shared memory. Measured on an H100 with uniform values: clusters of 2 beat
/// global atomics by 2.4x at 65,536 bins; clusters of 4 only tied them and clusters of 8 reached
/// 0.56x at 262,144 bins, where atomics in L2 spread over many bins and hardly contend.
inline constexpr unsigned auto_max_cluster_size = 2;

/// Resolves `strategy` (and `cluster_size`, 0 = choose) for `nbins`, and whether warps
/// aggregate their atomics (`contended`: the input's warps share bins, from
/// distinct_bins_per_warp() or from what the user says). Throws UsageError naming --strategy,
/// --cluster-size or --warp-aggregation when the request does not fit the limits.
[[nodiscard]] Plan plan(Strategy strategy, unsigned cluster_size, int nbins, const Limits& limits,
                        Aggregation aggregation = Aggregation::off, bool contended = false);

/// The histogram of `input` over `nbins` bins (values outside [0, nbins) clamped).
[[nodiscard]] std::vector<int> compute(tutorial::Backend backend, const Plan& plan,
                                       std::span<const int> input, int nbins);

/// One measurement of the benchmark.
struct BenchmarkRow {
  Distribution distribution = Distribution::uniform;  ///< Of the input values.
  int nbins = 0;                                      ///< Number of bins.
  std::string
      method;  ///< "global", "shared", "cluster 2", "auto (cluster 2)", "CUB HistogramEven".
  double median_ms = 0;       ///< Median time of one histogram.
  double elements_per_s = 0;  ///< Input elements per second.
  bool verified = false;      ///< Equal to the CPU histogram.
};

/// The name of a distribution, as `--distribution` takes it.
[[nodiscard]] const char* name_of(Distribution distribution);

/// Times every strategy (every cluster size that fits, with and without warp aggregation where
/// the kernel has it), auto, and CUB's DeviceHistogram::HistogramEven on `n` values in range of
/// each distribution for each bin count.
[[nodiscard]] std::vector<BenchmarkRow> benchmark_on_device(
    long long n, const std::vector<int>& bin_counts, const std::vector<Distribution>& distributions,
    std::uint64_t seed);

}  // namespace histogram
