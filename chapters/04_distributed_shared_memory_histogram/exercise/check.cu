// Checks exercise 04: cluster_size_for on sizes worked out by hand, then a histogram of 200,000
// bins built with the cluster size it picks, against a CPU histogram.
#include EXERCISE_HEADER

#include "histogram.hpp"
#include "inputs.hpp"

#include "common/cli.hpp"
#include "common/sample_main.hpp"

#include <cstdio>
#include <random>
#include <vector>

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    tutorial::Cli cli("04_histogram_exercise", "Checks your cluster_size_for");
    if (!cli.parse_and_select_backend(argc, argv, {9, 0})) return 0;
    // The shared memory one H100 block may opt in to (227 KiB), which the cases were worked out
    // for by hand; the histogram below uses the device's own limits.
    const std::size_t h100 = 227 * 1024;
    struct Case {
      int nbins;
      unsigned max_cluster, expected;
      const char* why;
    };
    const Case cases[] = {
        {4096, 16, 1, "16 KiB fit in one block"},
        {65536, 16, 2, "256 KiB: two slices of 128 KiB"},
        {200000, 16, 4, "781 KiB: two slices of 391 KiB are too big, four of 195 KiB fit"},
        {900000, 8, 0, "3.4 MiB: eight slices of 439 KiB are too big"},
        {900000, 16, 16, "sixteen slices of 220 KiB fit"},
    };
    bool ok = true;
    for (const Case& c : cases) {
      const unsigned got = cluster_size_for(c.nbins, h100, c.max_cluster);
      std::printf("%7d bins, clusters up to %2u: %2u (%s) %s\n", c.nbins, c.max_cluster, got, c.why,
                  got == c.expected ? "match" : "not yet");
      ok &= got == c.expected;
    }
    // Use the answer: the histogram of 200,000 bins over the cluster it chose.
    const unsigned size = cluster_size_for(200000, h100, 16);
    if (ok && size != 0) {
      const auto limits = histogram::query_limits();
      std::mt19937 random(4);
      std::uniform_int_distribution<int> pick(-100, 200100);
      std::vector<int> values(400000);
      for (int& v : values) v = pick(random);
      const std::vector<int> expected = histogram::reference_histogram(values, 200000);
      const auto bins = histogram::compute(
          histogram::plan(histogram::Strategy::cluster, size, 200000, limits), limits, values);
      std::printf("histogram of 200000 bins over clusters of %u: %s\n", size,
                  bins == expected ? "match" : "not yet");
      ok &= bins == expected;
    }
    std::printf("exercise 04: %s\n", ok ? "match (the cluster size follows the bins)" : "not yet");
    return ok ? 0 : 1;
  });
}
