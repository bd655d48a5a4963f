#pragma once
// Chapter 04's inputs and their reference: random values of three distributions, the sample of
// the input that tells auto whether warps share bins, and the CPU histogram every result is
// checked against.

#include "hot_bins.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace histogram {

/// How the values spread over the bins (`--distribution`).
enum class Distribution {
  uniform,  ///< Evenly over the bins: the lanes of a warp rarely share a bin.
  skewed,   ///< 90% of the values in four bins, where atomics contend.
  single,   ///< Every value in one bin: every lane of every warp on one address.
};

/// The name of a distribution, as `--distribution` takes it.
[[nodiscard]] const char* name_of(Distribution distribution);

/// `n` random values for `nbins` bins. With `beyond_range`, 1/8 of the range beyond each end
/// of [0, nbins) is drawn too (values the kernels clamp; CUB would drop them).
[[nodiscard]] std::vector<int> make_values(long long n, int nbins, Distribution distribution,
                                           std::uint64_t seed, bool beyond_range);

/// The mean number of distinct bins among 32 consecutive values (what one warp's atomics hit
/// at once), over up to 1024 windows spread over `input`: 32 when no two lanes share a bin, 1
/// when all do.
[[nodiscard]] double distinct_bins_per_warp(std::span<const int> input, int nbins);

/// The bins that hold at least 1/512 of the values in the same windows as
/// distinct_bins_per_warp() (a bin that hot sends one in 512 atomics of the input to one address),
/// the most frequent first, at most `limit` of them.
[[nodiscard]] std::vector<int> hot_bins(std::span<const int> input, int nbins, int limit);

/// The rule `auto` follows: the warps' atomics contend when a warp's 32 values fall, on
/// average, in at most this many distinct bins (measured on an H100; see the chapter page).
inline constexpr double aggregate_at_most_distinct = 16.0;

/// What a sample of the input tells `auto`.
struct InputSample {
  double distinct_per_warp = 32;  ///< distinct_bins_per_warp().
  std::vector<int> hot_bins;      ///< hot_bins(), up to kMaxHotBins of them.
  /// Whether the warps' atomics contend (aggregate_at_most_distinct).
  [[nodiscard]] bool contended() const { return distinct_per_warp <= aggregate_at_most_distinct; }
};

/// Samples `input` once for both questions.
[[nodiscard]] InputSample sample_input(std::span<const int> input, int nbins);

/// The CPU reference: values outside [0, nbins) clamped to the first or last bin, as the
/// kernels do, and counted.
[[nodiscard]] std::vector<int> reference_histogram(std::span<const int> values, int nbins);

}  // namespace histogram
