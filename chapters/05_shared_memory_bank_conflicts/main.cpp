// Chapter 05 - shared-memory bank conflicts (CUDA C++ Programming Guide, "Shared Memory").
// Runs each access pattern and checks its result. On the CPU emulator it prints the predicted
// shared-memory requests, wavefronts and bank conflicts of each; on the GPU, --benchmark times
// them against their conflict-free baselines (tools/bank_conflicts_ncu measures the counters).

#include "bank_conflicts.hpp"

#include "common/backend.hpp"
#include "common/cli.hpp"
#include "common/measurement_label.hpp"
#include "common/sample_main.hpp"
#include "common/usage_error.hpp"

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

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
    std::ofstream csv;
    if (!csv_path.empty()) {
      csv.open(csv_path);
      if (!csv) throw tutorial::UsageError("--csv", "cannot write '" + csv_path + "'");
    }

    if (cli.common().benchmark) {
      if (backend != tutorial::Backend::device)
        throw tutorial::UsageError(
            "--benchmark", "times the GPU and needs one (the emulator predicts counts instead)");
      std::printf(
          "Chapter 05 benchmark on %s: median of 25 runs; predicted = emulator's wavefronts per "
          "request\n",
          chosen->device->name.c_str());
      std::printf("%-24s %10s %10s %10s %8s %9s  %s\n", "variant", "ms", "predicted", "measured",
                  "off by", "GB/s", "result");
      const std::string label = tutorial::measurement_label(*chosen->device);
      if (csv)
        csv << tutorial::measurement_label_columns
            << ",variant,median_ms,predicted_ratio,measured_ratio,gbs,verified\n";
      for (const auto& r : bank_conflicts::benchmark_on_device(strides, n, cli.common().seed)) {
        std::printf("%-24s %10.3f %9.2fx %9.2fx %7.1f%% %9.1f  %s\n", r.name.c_str(), r.median_ms,
                    r.predicted_ratio, r.measured_ratio,
                    100.0 * (r.measured_ratio / r.predicted_ratio - 1.0), r.gbs,
                    r.verified ? "match" : "MISMATCH");
        if (csv)
          csv << label << ",\"" << r.name << "\"," << r.median_ms << ',' << r.predicted_ratio << ','
              << r.measured_ratio << ',' << r.gbs << ',' << (r.verified ? "yes" : "no") << '\n';
      }
      return 0;
    }

    const bool emulator = backend == tutorial::Backend::emulator;
    std::printf("Chapter 05: shared-memory access patterns on %s\n",
                emulator ? "the CPU emulator (its counters predict what the GPU does)"
                         : chosen->device->name.c_str());
    if (emulator)
      std::printf("%-24s %9s %10s %10s %9s %10s %10s  %s\n", "variant", "ld reqs", "ld waves",
                  "ld confl", "st reqs", "st waves", "st confl", "result");
    if (csv)
      csv << "variant,kernel,load_requests,load_wavefronts,load_conflicts,store_requests,store_"
             "wavefronts,store_conflicts,verified\n";
    bool all_match = true;
    for (const auto& v : bank_conflicts::variants(strides)) {
      const auto run = bank_conflicts::run_counting_launch(backend, v, cli.common().seed);
      all_match &= run.verified;
      const auto& c = run.counters;
      const char* verdict = run.verified ? "match" : "MISMATCH";
      if (emulator)
        std::printf("%-24s %9llu %10llu %10llu %9llu %10llu %10llu  %s\n", v.name().c_str(),
                    static_cast<unsigned long long>(c.load_requests),
                    static_cast<unsigned long long>(c.load_wavefronts),
                    static_cast<unsigned long long>(c.load_conflicts()),
                    static_cast<unsigned long long>(c.store_requests),
                    static_cast<unsigned long long>(c.store_wavefronts),
                    static_cast<unsigned long long>(c.store_conflicts()), verdict);
      else
        std::printf("%-24s %s\n", v.name().c_str(), verdict);
      if (csv)
        csv << '"' << v.name() << "\"," << v.kernel() << ',' << c.load_requests << ','
            << c.load_wavefronts << ',' << c.load_conflicts() << ',' << c.store_requests << ','
            << c.store_wavefronts << ',' << c.store_conflicts() << ','
            << (run.verified ? "yes" : "no") << '\n';
    }
    std::printf("results: %s\n",
                all_match ? "match (every variant equals the CPU reference)" : "MISMATCH");
    return all_match ? 0 : 1;
  });
}
