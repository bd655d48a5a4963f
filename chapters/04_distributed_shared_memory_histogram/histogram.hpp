#pragma once
// Chapter 04's kernel library: histograms with global atomics, per-block shared memory, or
// distributed shared memory across a thread block cluster. histogram.cu is built twice: by nvcc
// for the GPU and by simt for the CPU emulator (the sample's CPU build).

#include "hot_bins.hpp"
#include "inputs.hpp"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace histogram {

/// How the histogram is built (`--strategy`).
enum class Strategy {
  automatic,  ///< Shared if it fits; else global with hot bins cached if a sample shows some; else
              ///< a cluster of 2 if it fits; else global.
  global,     ///< HistogramGlobal: atomics in device memory.
  shared,     ///< HistogramShared: one copy of the histogram per block in shared memory.
  cluster,    ///< clusterHist_kernel: the histogram split across a cluster's shared memory.
};

/// An option that is auto, on or off: whether each warp adds once per distinct bin
/// (`--warp-aggregation`), and whether the global strategy caches the input's hot bins in shared
/// memory (`--hot-bin-cache`).
enum class Setting {
  automatic,  ///< Decided from a sample of the input (inputs.hpp): aggregation when warps share
              ///< bins; the cache when the histogram does not fit in one block and there are hot
              ///< bins.
  on,         ///< Always (aggregation: global and shared strategies; the cache: global).
  off,        ///< Never.
};

/// What the device (or the emulator, which imitates an H100) offers the histogram kernels.
struct Limits {
  std::size_t shared_bytes_per_block = 0;  ///< Largest dynamic shared memory of one block.
  unsigned max_cluster_size = 8;           ///< 8, or 16 if non-portable sizes are allowed.
  int multiprocessors = 0;                 ///< SMs.
};

/// Reads the limits of the current device.
[[nodiscard]] Limits query_limits();

/// A resolved launch: which kernel, for how many bins, cluster size and shared memory per block.
struct Plan {
  Strategy strategy = Strategy::global;  ///< Never automatic once planned.
  int nbins = 0;                         ///< Bins of the histogram.
  unsigned cluster_size = 1;             ///< Blocks per cluster (cluster strategy).
  int bins_per_block = 0;                ///< Bins each block's shared memory holds.
  std::size_t shared_bytes = 0;          ///< Dynamic shared memory per block.
  bool warp_aggregated = false;          ///< Each warp adds once per distinct bin.
  HotBins hot{};                         ///< Bins cached in shared memory (global strategy).
  /// "cluster of 4 blocks, 16384 bins (64.00 KiB) per block", "global atomics, 4 hot bins
  /// cached in shared memory".
  [[nodiscard]] std::string describe() const;
};

/// The largest cluster `auto` uses. With a cluster of c blocks, (c - 1) / c of the updates go
/// to another SM's shared memory. Measured on an H100 with uniform values: clusters of 2 beat
/// global atomics by 2.4x at 65,536 bins; clusters of 4 only tied them and clusters of 8 reached
/// 0.56x at 262,144 bins, where atomics in L2 spread over many bins and hardly contend.
inline constexpr unsigned auto_max_cluster_size = 2;

/// Resolves `strategy` (and `cluster_size`, 0 = choose) for `nbins`, whether warps aggregate
/// their atomics and which bins the global strategy caches, from what `sample` says of the input
/// (or what the user says instead). Throws UsageError naming --strategy, --cluster-size,
/// --warp-aggregation or --hot-bin-cache when the request does not fit the limits.
[[nodiscard]] Plan plan(Strategy strategy, unsigned cluster_size, int nbins, const Limits& limits,
                        Setting aggregation = Setting::off, Setting cache = Setting::off,
                        const InputSample& sample = {});

/// Every plan that fits the limits for `nbins`: global and shared (if one block holds the
/// histogram) with and without warp aggregation, global with `hot_bins` cached (if any), and a
/// cluster of every size that holds it.
[[nodiscard]] std::vector<Plan> every_plan(int nbins, const Limits& limits,
                                           const std::vector<int>& hot_bins = {});

/// Launches `plan` over `n` values (16-byte aligned) in device memory, adding to `bins` there
/// (zeroed by the caller). The kernel runs asynchronously, so the benchmark times a stream of
/// these.
void launch(const Plan& plan, int* bins, const int* input, long long n, const Limits& limits);

/// The histogram of `input` over `plan.nbins` bins (values outside [0, nbins) clamped), with
/// the limits `plan` was made for: copied to device memory, counted, copied back.
[[nodiscard]] std::vector<int> compute(const Plan& plan, const Limits& limits,
                                       std::span<const int> input);

}  // namespace histogram
