// Chapter 04's inputs: random values of three distributions, the sample that tells auto whether
// a warp's values share bins, and the CPU reference.

#include "inputs.hpp"

#include <algorithm>
#include <random>

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
  std::mt19937_64 random(seed);
  const int margin = beyond_range ? nbins / 8 + 1 : 0;
  std::uniform_int_distribution<int> wide(-margin, nbins - 1 + margin);
  std::uniform_int_distribution<int> hot(0, 3);
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  std::vector<int> values(static_cast<std::size_t>(n));
  for (int& v : values) {
    switch (distribution) {
      case Distribution::uniform: v = wide(random); break;
      case Distribution::skewed:
        v = coin(random) < 0.9 ? (nbins / 4) * hot(random) : wide(random);
        break;
      case Distribution::single: v = nbins / 2; break;
    }
  }
  return values;
}

// [doc:sample]
double distinct_bins_per_warp(std::span<const int> input, int nbins) {
  const std::size_t windows =
      std::min<std::size_t>(1024, std::max<std::size_t>(1, input.size() / 32));
  const std::size_t step = input.size() / windows;
  double total = 0;
  for (std::size_t w = 0; w < windows; ++w) {
    int seen[32];
    int distinct = 0;
    for (std::size_t k = w * step; k < std::min(input.size(), w * step + 32); ++k) {
      const int bin = std::clamp(input[k], 0, nbins - 1);
      if (std::find(seen, seen + distinct, bin) == seen + distinct) seen[distinct++] = bin;
    }
    total += distinct;
  }
  return total / static_cast<double>(windows);
}
// [doc:sample]

// [doc:reference]
std::vector<int> reference_histogram(std::span<const int> values, int nbins) {
  std::vector<int> bins(static_cast<std::size_t>(nbins), 0);
  for (int v : values) ++bins[static_cast<std::size_t>(std::clamp(v, 0, nbins - 1))];
  return bins;
}
// [doc:reference]

}  // namespace histogram
