// Chapter 04 - a histogram in distributed shared memory (CUDA C++ Programming Guide,
// "Distributed Shared Memory"). Builds a histogram with the strategy the number of bins calls
// for, checks it exactly against a CPU histogram, and can benchmark every strategy against CUB.

#include "benchmark.hpp"
#include "histogram.hpp"
#include "inputs.hpp"

#include "common/backend.hpp"
#include "common/cli.hpp"
#include "common/csv_file.hpp"
#include "common/memory_budget.hpp"
#include "common/sample_main.hpp"
#include "common/usage_error.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using histogram::Distribution;
using histogram::Setting;
using histogram::Strategy;

// Whitespace-separated integers; a malformed token is refused with its line number.
std::vector<int> read_values(const std::string& path) {
  std::ifstream file(path);
  if (!file) throw tutorial::UsageError("--input", "cannot open '" + path + "'");
  std::vector<int> values;
  std::string line;
  for (long long number = 1; std::getline(file, line); ++number) {
    std::istringstream words(line);
    std::string word;
    while (words >> word) {
      int v = 0;
      const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), v);
      if (error != std::errc{} || end != word.data() + word.size())
        throw tutorial::UsageError("--input",
                                   path + " line " + std::to_string(number) + ": '" + word +
                                       "' is not an integer from -2147483648 to 2147483647");
      values.push_back(v);
    }
  }
  if (values.empty()) throw tutorial::UsageError("--input", "'" + path + "' holds no values");
  return values;
}

void write_counts(const std::string& path, const std::vector<int>& bins) {
  std::ofstream file(path);
  for (int count : bins) file << count << '\n';
  if (!file) throw tutorial::UsageError("--output", "cannot write '" + path + "'");
}

void run_benchmark(long long n, const std::vector<int>& bin_counts,
                   const std::vector<Distribution>& distributions, std::uint64_t seed,
                   const tutorial::DeviceInfo& device, const std::string& csv_path) {
  std::printf("Chapter 04 benchmark on %s: n = %lld values, median of 25 runs (G elements/s)\n",
              device.name.c_str(), n);
  const auto rows = histogram::benchmark_on_device(n, bin_counts, distributions, seed);
  std::map<std::pair<Distribution, int>, std::vector<const histogram::BenchmarkRow*>> groups;
  for (const auto& r : rows) groups[{r.distribution, r.nbins}].push_back(&r);
  for (const auto& [key, group] : groups) {
    double best = 0, cub = 0, chosen = 0;
    for (const auto* r : group) {
      switch (r->method) {
        case histogram::Method::cub: cub = r->elements_per_s; break;
        case histogram::Method::automatic: chosen = r->elements_per_s; break;
        case histogram::Method::plan: best = std::max(best, r->elements_per_s); break;
      }
    }
    std::printf("\n%s values, %d bins\n  %-62s %9s %10s %8s %7s  %s\n",
                histogram::name_of(key.first), key.second, "method", "ms", "G el/s", "of best",
                "vs CUB", "result");
    for (const auto* r : group)
      std::printf("  %-62s %9.3f %10.1f %7.2fx %6.2fx  %s\n", r->name().c_str(), r->median_ms,
                  r->elements_per_s / 1e9, r->elements_per_s / best, r->elements_per_s / cub,
                  r->verified ? "match" : "MISMATCH");
    std::printf("  auto: %.2fx the best strategy, %.2fx CUB\n", chosen / best, chosen / cub);
  }
  // What was timed, in columns (kind, strategy, cluster size, aggregation, cached bins) as well as
  // by name, so that the docs' tables and plots need not parse names.
  tutorial::CsvFile csv(csv_path, "--csv",
                        {"n", "distribution", "bins", "method", "kind", "strategy", "cluster_size",
                         "warp_aggregated", "hot_bins", "median_ms", "gelements_per_s", "verified"},
                        &device);
  for (const auto& r : rows) {
    const char* kind = r.method == histogram::Method::cub         ? "cub"
                       : r.method == histogram::Method::automatic ? "auto"
                                                                  : "plan";
    const char* strategy = r.method == histogram::Method::cub    ? ""
                           : r.plan.strategy == Strategy::global ? "global"
                           : r.plan.strategy == Strategy::shared ? "shared"
                                                                 : "cluster";
    csv.row(n, histogram::name_of(r.distribution), r.nbins, r.name(), kind, strategy,
            r.plan.cluster_size, r.plan.warp_aggregated, r.plan.hot.count, r.median_ms,
            r.elements_per_s / 1e9, r.verified);
  }
  csv.finish();
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    long long n = 1'000'000;
    int nbins = 100'000;
    unsigned cluster_size = 0;
    Strategy strategy = Strategy::automatic;
    Setting aggregation = Setting::automatic;
    Setting cache = Setting::automatic;
    Distribution distribution = Distribution::uniform;
    std::string input_path, output_path, csv_path;

    tutorial::Cli cli("04_distributed_shared_memory_histogram",
                      "Chapter 04: a histogram in distributed shared memory");
    cli.add_integer("--n", n, 1, 1ll << 40, "number of values (ignored with --input)");
    cli.add_integer("--bins", nbins, 1, 1 << 28, "number of bins");
    cli.add_choice("--strategy", strategy,
                   {{"auto", Strategy::automatic},
                    {"global", Strategy::global},
                    {"shared", Strategy::shared},
                    {"cluster", Strategy::cluster}},
                   "how to build the histogram");
    cli.add_integer("--cluster-size", cluster_size, 0, 16,
                    "blocks per cluster with --strategy cluster (0: the smallest that fits)",
                    "a cluster has at most 16 blocks");
    cli.add_choice("--warp-aggregation", aggregation,
                   {{"auto", Setting::automatic}, {"on", Setting::on}, {"off", Setting::off}},
                   "one atomic per distinct bin per warp (auto: when a sample of the input "
                   "shows warps sharing bins)");
    cli.add_choice(
        "--hot-bin-cache", cache,
        {{"auto", Setting::automatic}, {"on", Setting::on}, {"off", Setting::off}},
        "count the bins a sample of the input shows hot in shared memory, the rest with global "
        "atomics (auto: when the histogram does not fit in one block and there are hot bins)");
    cli.add_choice("--distribution", distribution,
                   {{"uniform", Distribution::uniform},
                    {"skewed", Distribution::skewed},
                    {"single", Distribution::single}},
                   "random values: uniform, 90% in four bins, or all in one bin (with "
                   "--benchmark: only this one; default all three)");
    cli.add_text("--input", input_path,
                 "read the values from FILE (whitespace-separated integers)");
    cli.add_text("--output", output_path, "write the histogram to FILE, one count per line");
    cli.add_text("--csv", csv_path, "with --benchmark: write the measurements to FILE");
    // The cluster strategy needs compute capability 9.0 on the GPU.
    const auto chosen = cli.parse_and_select_backend(argc, argv, {9, 0});
    if (!chosen) return 0;
    const tutorial::Backend backend = chosen->backend;
    const auto& common = cli.common();

    if (common.benchmark) {
      if (backend != tutorial::Backend::device)
        throw tutorial::UsageError("--benchmark",
                                   "measures the GPU and needs one of compute capability 9.0");
      if (!cli.given("--n")) n = 1ll << 28;
      tutorial::require_memory("--n", n, sizeof(int), 2, backend);
      const std::vector<int> bin_counts = cli.given("--bins")
                                              ? std::vector<int>{nbins}
                                              : std::vector<int>{256, 4096, 65536, 262144, 1048576};
      const std::vector<Distribution> distributions =
          cli.given("--distribution")
              ? std::vector<Distribution>{distribution}
              : std::vector<Distribution>{Distribution::uniform, Distribution::skewed,
                                          Distribution::single};
      run_benchmark(n, bin_counts, distributions, common.seed, *chosen->device, csv_path);
      return 0;
    }
    if (cli.given("--cluster-size") && strategy != Strategy::cluster)
      throw tutorial::UsageError("--cluster-size", "applies to --strategy cluster only");

    if (input_path.empty()) tutorial::require_memory("--n", n, sizeof(int), 2, backend);
    tutorial::require_memory("--bins", static_cast<std::uint64_t>(nbins), sizeof(int), 3, backend);
    const std::vector<int> values =
        input_path.empty() ? histogram::make_values(n, nbins, distribution, common.seed, true)
                           : read_values(input_path);
    // auto's other questions, answered from a sample of the input: do a warp's values share
    // bins, and which bins are hot?
    const histogram::InputSample sample = histogram::sample_input(values, nbins);
    const histogram::Limits limits = histogram::query_limits();
    const histogram::Plan plan =
        histogram::plan(strategy, cluster_size, nbins, limits, aggregation, cache, sample);

    std::printf("Chapter 04: histogram on %s\n", chosen->where().c_str());
    std::printf("%zu values, %d bins (%.1f distinct bins per 32 values, %zu hot): %s\n",
                values.size(), nbins, sample.distinct_per_warp, sample.hot_bins.size(),
                plan.describe().c_str());

    const std::vector<int> bins = histogram::compute(plan, limits, values);
    const std::vector<int> expected = histogram::reference_histogram(values, nbins);
    std::size_t wrong = 0, first = 0;
    for (std::size_t b = bins.size(); b-- > 0;)
      if (bins[b] != expected[b]) ++wrong, first = b;
    if (wrong == 0)
      std::printf("histogram: match (all %d bins equal the CPU histogram)\n", nbins);
    else
      std::printf("histogram: MISMATCH in %zu bins; first: bin %zu expected %d, got %d\n", wrong,
                  first, expected[first], bins[first]);
    if (!output_path.empty()) write_counts(output_path, bins);
    return wrong == 0 ? 0 : 1;
  });
}
