// Chapter 05 - shared-memory bank conflicts (CUDA C++ Programming Guide, "Shared Memory").
// Runs each access pattern and checks its result. On the CPU emulator (the sample's CPU build)
// it prints the predicted
// shared-memory requests, wavefronts and bank conflicts of each, the lines of the kernels where
// the conflicts are, and why: the lane-to-bank map of one request. On the GPU, --benchmark
// times them against a two-resource model (tools/bank_conflicts_ncu measures the counters).

#include "bank_conflicts.hpp"
#include "benchmark.hpp"

#include "common/backend.hpp"
#include "common/cli.hpp"
#include "common/csv_file.hpp"
#include "common/sample_main.hpp"
#include "common/usage_error.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace {

using Counted = std::pair<bank_conflicts::Variant, tutorial::SharedAccesses>;

// Per line of the kernels: the requests, wavefronts and conflicts of each access that has
// conflicts. Then, for one line, the lane-to-bank map of a request: the line of `chosen`
// (the --stride variant) if given, else the line with the most conflicts per request.
void print_where_the_conflicts_are(const std::vector<Counted>& counted, const Counted* chosen) {
  std::printf("\nWhere the conflicts are: every line with bank conflicts, per variant\n");
  std::printf("%-24s %-30s %-6s %9s %10s %10s\n", "variant", "line", "access", "requests",
              "wavefronts", "conflicts");
  const tutorial::SharedAccessLine* worst = nullptr;
  const bank_conflicts::Variant* worst_variant = nullptr;
  for (const auto& [variant, counters] : counted)
    for (const tutorial::SharedAccessLine& l : counters.lines) {
      if (l.conflicts == 0) continue;
      std::printf("%-24s %-30s %-6s %9llu %10llu %10llu\n", variant.name().c_str(), l.place.c_str(),
                  l.store ? "store" : "load", l.requests, l.wavefronts, l.conflicts);
      if (worst == nullptr || l.conflicts_per_request() > worst->conflicts_per_request()) {
        worst = &l;
        worst_variant = &variant;
      }
    }
  const char* which = "the line with the most conflicts";
  if (chosen != nullptr) {
    // The chosen variant's worst line, or, without conflicts, its busiest line.
    const auto& lines = chosen->second.lines;
    worst = chosen->second.worst_line();
    if (worst == nullptr && !lines.empty()) {
      worst = &*std::max_element(lines.begin(), lines.end(), [](const auto& a, const auto& b) {
        return a.requests < b.requests;
      });
      which = "its busiest line, which has no conflicts";
    } else {
      which = "its line with the most conflicts";
    }
    worst_variant = &chosen->first;
  }
  if (worst == nullptr) return;
  std::printf("\nWhy: the lane-to-bank map of one request of %s (%s)\n", which,
              worst_variant->name().c_str());
  std::printf("%s", worst->bank_map.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    int stride = 0;
    int n = 16384;
    std::string csv_path;
    tutorial::Cli cli("05_shared_memory_bank_conflicts",
                      "Chapter 05: shared-memory bank conflicts");
    cli.add_integer("--stride", stride, 1, 64,
                    "only this stride instead of 1, 2, 4, 8, 16, 32 and 33 (words between lanes)");
    cli.add_integer("--n", n, 32, 32768,
                    "with --benchmark: the transposed matrix is n x n (a multiple of 32)");
    cli.add_text("--csv", csv_path, "write the table to FILE as CSV");
    // Any GPU CUDA 13 supports; the emulator's counters model 32 banks of 4-byte words.
    const auto chosen = cli.parse_and_select_backend(argc, argv, {7, 5});
    if (!chosen) return 0;
    const tutorial::Backend backend = chosen->backend;
    if (n % 32 != 0)
      throw tutorial::UsageError(
          "--n", "must be a multiple of 32 (the tile size), got " + std::to_string(n));
    const std::vector<int> strides =
        cli.given("--stride") ? std::vector<int>{stride} : std::vector<int>{1, 2, 4, 8, 16, 32, 33};

    if (cli.common().benchmark) {
      if (backend != tutorial::Backend::device)
        throw tutorial::UsageError(
            "--benchmark", "times the GPU and needs one (the emulator predicts counts instead)");
      // Opened before the work, so that a path it cannot write is refused first.
      tutorial::CsvFile csv(csv_path, "--csv",
                            {"variant", "kernel", "parameter", "median_ms", "shared_bound_ms",
                             "memory_bound_ms", "limit", "gbs", "verified"},
                            &*chosen->device);
      const bank_conflicts::Benchmark result =
          bank_conflicts::benchmark_on_device(strides, n, cli.common().seed);
      std::printf("Chapter 05 benchmark on %s: median of 25 runs\n", chosen->device->name.c_str());
      std::printf(
          "Model: the longer of shared-memory wavefronts (emulator's count) at %.1f G/s "
          "(conflict-free stride 1) and device-memory bytes at %.0f GB/s (cudaMemcpy)\n",
          result.ceilings.wavefronts_per_ms / 1e6, result.ceilings.copy_gbs);
      std::printf("%-26s %9s %9s %9s %8s %8s %9s  %s\n", "variant", "ms", "shared ms", "memory ms",
                  "limit", "off by", "GB/s", "result");
      for (const auto& r : result.rows) {
        std::printf("%-26s %9.4f %9.4f %9.4f %8s %+7.1f%% %9.1f  %s\n", r.variant.name().c_str(),
                    r.median_ms, r.shared_bound_ms, r.memory_bound_ms, r.limit(),
                    100.0 * (r.median_ms / r.predicted_ms() - 1.0), r.gbs,
                    r.verified ? "match" : "MISMATCH");
        csv.row(r.variant.name(), r.variant.kernel(), r.variant.parameter, r.median_ms,
                r.shared_bound_ms, r.memory_bound_ms, r.limit(), r.gbs, r.verified);
      }
      csv.finish();
      return 0;
    }

    tutorial::CsvFile csv(
        csv_path, "--csv",
        {"variant", "kernel", "load_requests", "load_wavefronts", "load_conflicts",
         "store_requests", "store_wavefronts", "store_conflicts", "verified"});
    const bool emulator = backend == tutorial::Backend::emulator;
    std::printf("Chapter 05: shared-memory access patterns on %s\n",
                emulator ? "the CPU emulator (its counters predict what the GPU does)"
                         : chosen->device->name.c_str());
    if (emulator)
      std::printf("%-24s %9s %10s %10s %9s %10s %10s  %s\n", "variant", "ld reqs", "ld waves",
                  "ld confl", "st reqs", "st waves", "st confl", "result");
    bool all_match = true;
    std::vector<Counted> counted;
    for (const auto& v : bank_conflicts::variants(strides)) {
      const auto run = bank_conflicts::run_counting_launch(v, cli.common().seed);
      all_match &= run.verified;
      const tutorial::SharedAccesses c = run.counters.value_or(tutorial::SharedAccesses{});
      counted.emplace_back(v, c);
      const char* verdict = run.verified ? "match" : "MISMATCH";
      if (emulator)
        std::printf("%-24s %9llu %10llu %10llu %9llu %10llu %10llu  %s\n", v.name().c_str(),
                    c.load_requests, c.load_wavefronts, c.load_conflicts, c.store_requests,
                    c.store_wavefronts, c.store_conflicts, verdict);
      else
        std::printf("%-24s %s\n", v.name().c_str(), verdict);
      csv.row(v.name(), v.kernel(), c.load_requests, c.load_wavefronts, c.load_conflicts,
              c.store_requests, c.store_wavefronts, c.store_conflicts, run.verified);
    }
    csv.finish();
    if (emulator) {
      const auto stride_run = std::find_if(counted.begin(), counted.end(), [&](const Counted& c) {
        return cli.given("--stride") && c.first.kind == bank_conflicts::Variant::Kind::strided;
      });
      print_where_the_conflicts_are(counted, stride_run == counted.end() ? nullptr : &*stride_run);
    }
    std::printf("results: %s\n",
                all_match ? "match (every variant equals the CPU reference)" : "MISMATCH");
    return all_match ? 0 : 1;
  });
}
