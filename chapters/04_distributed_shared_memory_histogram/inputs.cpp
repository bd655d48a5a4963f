// Chapter 04's inputs: random values of three distributions, the sample that tells auto whether
// a warp's values share bins, and the CPU reference.

#include "inputs.hpp"

#include "common/random_inputs.hpp"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace histogram {

const char* name_of(Distribution distribution) {
  switch (distribution) {
    case Distribution::uniform: return "uniform";
    case Distribution::skewed: return "skewed";
    case Distribution::single: return "single";
  }
  return "?";
}

std::vector<int> make_values(long long n, int nbins, Distribution distribution, std::uint64_t seed,
                             bool beyond_range) {
  // Three draws per value, from the project's generator: the same values on every standard
  // library (the native builds and the WebAssembly one).
  const tutorial::RandomStream random(seed);
  const int margin = beyond_range ? nbins / 8 + 1 : 0;
  const auto wide = [&](std::uint64_t i) {
    return static_cast<int>(random.integer(3 * i, -margin, nbins - 1 + margin));
  };
  std::vector<int> values(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < values.size(); ++i) {
    switch (distribution) {
      case Distribution::uniform: values[i] = wide(i); break;
      case Distribution::skewed:
        values[i] = random.unit(3 * i + 1) < 0.9
                        ? (nbins / 4) * static_cast<int>(random.integer(3 * i + 2, 0, 3))
                        : wide(i);
        break;
      case Distribution::single: values[i] = nbins / 2; break;
    }
  }
  return values;
}

// [doc:sample]
namespace {

// Calls visit(window) for up to 1024 windows of 32 consecutive values, spread over the input:
// each what one warp reads at once.
template <class Visit>
void for_each_window(std::span<const int> input, Visit visit) {
  const std::size_t windows =
      std::min<std::size_t>(1024, std::max<std::size_t>(1, input.size() / 32));
  const std::size_t step = input.size() / windows;
  for (std::size_t w = 0; w < windows; ++w) {
    const std::size_t first = std::min(input.size(), w * step);
    visit(input.subspan(first, std::min<std::size_t>(32, input.size() - first)));
  }
}

}  // namespace

double distinct_bins_per_warp(std::span<const int> input, int nbins) {
  double total = 0;
  int windows = 0;
  for_each_window(input, [&](std::span<const int> window) {
    int seen[32];
    int distinct = 0;
    for (const int v : window) {
      const int bin = std::clamp(v, 0, nbins - 1);
      if (std::find(seen, seen + distinct, bin) == seen + distinct) seen[distinct++] = bin;
    }
    total += distinct;
    ++windows;
  });
  return total / windows;
}

std::vector<int> hot_bins(std::span<const int> input, int nbins, int limit) {
  std::unordered_map<int, long long> counts;
  long long sampled = 0;
  for_each_window(input, [&](std::span<const int> window) {
    for (const int v : window) ++counts[std::clamp(v, 0, nbins - 1)];
    sampled += static_cast<long long>(window.size());
  });
  std::vector<std::pair<long long, int>> hot;  // (count, bin)
  for (const auto& [bin, count] : counts)
    if (count * 512 >= sampled) hot.emplace_back(count, bin);
  // The most frequent first; equal counts by bin, so that the result does not depend on the
  // map's order.
  std::sort(hot.begin(), hot.end(), [](auto a, auto b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  std::vector<int> bins;
  for (std::size_t k = 0; k < hot.size() && static_cast<int>(k) < limit; ++k)
    bins.push_back(hot[k].second);
  return bins;
}
// [doc:sample]

InputSample sample_input(std::span<const int> input, int nbins) {
  return {distinct_bins_per_warp(input, nbins), hot_bins(input, nbins, kMaxHotBins)};
}

// [doc:reference]
std::vector<int> reference_histogram(std::span<const int> values, int nbins) {
  std::vector<int> bins(static_cast<std::size_t>(nbins), 0);
  for (int v : values) ++bins[static_cast<std::size_t>(std::clamp(v, 0, nbins - 1))];
  return bins;
}
// [doc:reference]

}  // namespace histogram
