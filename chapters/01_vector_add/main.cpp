// Chapter 01 - VecAdd (CUDA C++ Programming Guide, "Kernels").
// Makes random inputs, runs each kernel, and checks every result against a plain CPU loop.
// `--benchmark` measures bandwidth against a copy ceiling. Linked twice: with the chapter's GPU
// build (01_vector_add) and with its CPU build (01_vector_add_cpu), which the GPU build runs in
// its place where there is no GPU.

#include "vector_add.hpp"

#include "common/backend.hpp"
#include "common/bandwidth_report.hpp"
#include "common/cli.hpp"
#include "common/memory_budget.hpp"
#include "common/random_inputs.hpp"
#include "common/sample_main.hpp"
#include "common/timing.hpp"
#include "common/usage_error.hpp"
#include "common/verification.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace {

using vector_add::Variant;

// Runs one kernel on fresh random inputs and prints whether it matched; true if it did.
bool run_and_verify(Variant variant, long long n, std::uint64_t seed) {
  const auto count = static_cast<std::size_t>(n);
  const std::vector<float> a = tutorial::random_floats(count, seed);
  const std::vector<float> b = tutorial::random_floats(count, seed + 1);
  std::vector<float> c(count, -1.0f);
  vector_add::add(variant, a, b, c);
  const auto mismatch = tutorial::first_mismatch(c, vector_add::reference_add(a, b));
  std::puts(tutorial::verdict(vector_add::describe_launch(variant, n), count, mismatch).c_str());
  return !mismatch;
}

void print_benchmark(long long n, std::uint64_t seed, const tutorial::BackendSelection& selection,
                     const std::string& csv_path) {
  // The emulator's copy is the host's memcpy; its kernels run thousands of times slower.
  const bool on_device = selection.backend == tutorial::Backend::device;
  const tutorial::TimingPolicy policy =
      on_device ? tutorial::TimingPolicy{} : tutorial::TimingPolicy{1, 5};
  std::printf(
      "Chapter 01 benchmark on %s\nbenchmark: n = %lld floats per vector, median of %d "
      "runs after %d warm-ups\n",
      selection.where().c_str(), n, policy.repetitions, policy.warmups);
  const auto rows = vector_add::benchmark(n, seed, policy);
  tutorial::print_bandwidth_table(rows);
  if (on_device && !csv_path.empty())
    tutorial::write_bandwidth_csv(rows, *selection.device, "n = " + std::to_string(n), csv_path);
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    long long n = 1'000'000;
    long long block_n = 1000;
    enum class Which { all, one_block, bounded, vectorized } which = Which::all;
    std::string csv_path;

    tutorial::Cli cli("01_vector_add", "Chapter 01: C = A + B with one GPU thread per element");
    cli.add_integer("--n", n, 1, 1ll << 50, "elements per vector for the multi-block kernels");
    cli.add_integer("--block-n", block_n, 1, vector_add::max_threads_per_block,
                    "elements (= threads) of the one-block VecAdd<<<1, N>>>",
                    "a block has at most 1024 threads");
    cli.add_choice("--variant", which,
                   {{"all", Which::all},
                    {"one-block", Which::one_block},
                    {"bounded", Which::bounded},
                    {"vectorized", Which::vectorized}},
                   "which kernel to run");
    cli.add_text("--csv", csv_path, "with --benchmark on a GPU: also write the table to FILE");
    // Any GPU CUDA 13 supports (compute capability 7.5 and newer) runs these kernels.
    const auto chosen = cli.parse_and_select_backend(argc, argv, {7, 5});
    if (!chosen) return 0;
    const tutorial::BackendSelection& selection = *chosen;
    const auto& common = cli.common();
    const bool on_device = selection.backend == tutorial::Backend::device;
    if (cli.given("--csv") && !(common.benchmark && on_device))
      throw tutorial::UsageError("--csv", "writes the --benchmark table measured on a GPU");

    if (common.benchmark && !cli.given("--n")) n = on_device ? (1ll << 28) : (1ll << 24);
    tutorial::require_memory("--n", n, sizeof(float), 4, selection.backend);
    if (common.benchmark) {
      print_benchmark(n, common.seed, selection, csv_path);
      return 0;
    }

    std::printf("Chapter 01: vector addition on %s\n", selection.where().c_str());
    bool all_match = true;
    if (which == Which::all || which == Which::one_block)
      all_match &= run_and_verify(Variant::one_block, block_n, common.seed);
    if (which == Which::all || which == Which::bounded)
      all_match &= run_and_verify(Variant::bounded, n, common.seed);
    if (which == Which::all || which == Which::vectorized)
      all_match &= run_and_verify(Variant::vectorized, n, common.seed);
    return all_match ? 0 : 1;
  });
}
