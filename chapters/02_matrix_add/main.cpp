// Chapter 02 - MatAdd and the thread hierarchy (CUDA C++ Programming Guide, "Thread Hierarchy").
// Runs each kernel on random matrices, checks every result against a plain CPU loop, and
// demonstrates the thread-ID rule with a 3D block. Linked twice: with the chapter's GPU build
// (02_matrix_add) and with its CPU build (02_matrix_add_cpu), which the GPU build runs in its
// place where there is no GPU.

#include "matrix_add.hpp"

#include "common/backend.hpp"
#include "common/bandwidth_report.hpp"
#include "common/cli.hpp"
#include "common/memory_budget.hpp"
#include "common/random_inputs.hpp"
#include "common/sample_main.hpp"
#include "common/usage_error.hpp"
#include "common/verification.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace {

using matrix_add::Variant;

bool run_and_verify(Variant variant, int rows, int cols, std::uint64_t seed) {
  const auto count = static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  const std::vector<float> a = tutorial::random_floats(count, seed);
  const std::vector<float> b = tutorial::random_floats(count, seed + 1);
  std::vector<float> c(count, -1.0f);
  matrix_add::add(variant, a, b, c, rows, cols);
  const auto mismatch = tutorial::first_mismatch(c, matrix_add::reference_add(a, b));
  std::puts(tutorial::verdict(matrix_add::describe_launch(variant, rows, cols) + " on " +
                                  std::to_string(rows) + " x " + std::to_string(cols),
                              count, mismatch)
                .c_str());
  return !mismatch;
}

// [doc:thread-id-check]
// Checks the rule ID = x + y*Dx + z*Dx*Dy: walking z, y, x in nested loops (x fastest)
// must visit the IDs 0, 1, 2, ... in order.
bool check_thread_ids(matrix_add::BlockShape block) {
  const std::vector<unsigned> by_id = matrix_add::thread_coordinates_by_id(block);
  unsigned expected_id = 0;
  bool ok = true;
  for (unsigned z = 0; z < block.z; ++z)
    for (unsigned y = 0; y < block.y; ++y)
      for (unsigned x = 0; x < block.x; ++x, ++expected_id)
        ok &= by_id[3 * expected_id] == x && by_id[3 * expected_id + 1] == y &&
              by_id[3 * expected_id + 2] == z;
  const unsigned x = block.x - 1, y = block.y / 2, z = block.z - 1;
  std::printf(
      "RecordThreadIds<<<1, (%u, %u, %u)>>>: %s; e.g. thread (%u, %u, %u) has ID "
      "%u + %u*%u + %u*%u*%u = %u\n",
      block.x, block.y, block.z,
      ok ? "match (every thread's ID is x + y*Dx + z*Dx*Dy)" : "MISMATCH", x, y, z, x, y, block.x,
      z, block.x, block.y, x + y * block.x + z * block.x * block.y);
  return ok;
}
// [doc:thread-id-check]

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    int rows = 1000;
    int cols = 700;
    int block_n = 32;
    enum class Which { all, one_block, multi_block, vectorized, transposed, thread_id };
    Which which = Which::all;
    std::string csv_path;

    tutorial::Cli cli("02_matrix_add", "Chapter 02: C = A + B for matrices; the thread hierarchy");
    cli.add_integer("--rows", rows, 1, matrix_add::max_extent, "rows of the matrices",
                    "gridDim.y is at most 65535 blocks of 16");
    cli.add_integer("--cols", cols, 1, matrix_add::max_extent, "columns of the matrices",
                    "gridDim.y is at most 65535 blocks of 16");
    cli.add_integer("--block-n", block_n, 1, matrix_add::max_one_block_n,
                    "N of the one-block MatAddOneBlock<<<1, dim3(N, N)>>>",
                    "N * N threads, and a block has at most 1024 threads");
    cli.add_choice("--variant", which,
                   {{"all", Which::all},
                    {"one-block", Which::one_block},
                    {"multi-block", Which::multi_block},
                    {"vectorized", Which::vectorized},
                    {"transposed", Which::transposed},
                    {"thread-id", Which::thread_id}},
                   "which kernel to run");
    cli.add_text("--csv", csv_path, "with --benchmark: also write the table to FILE");
    // Any GPU CUDA 13 supports (compute capability 7.5 and newer) runs these kernels.
    const auto chosen = cli.parse_and_select_backend(argc, argv, {7, 5});
    if (!chosen) return 0;
    const tutorial::BackendSelection& selection = *chosen;
    const auto& common = cli.common();
    const bool on_device = selection.backend == tutorial::Backend::device;
    if (cli.given("--csv") && !common.benchmark)
      throw tutorial::UsageError("--csv", "writes the --benchmark table measured on a GPU");

    if (common.benchmark && !on_device)
      throw tutorial::UsageError("--benchmark",
                                 "measures GPU memory bandwidth and needs a GPU "
                                 "(the emulator's speed is measured by chapter 06)");
    if (common.benchmark && !cli.given("--rows")) rows = 16384;
    if (common.benchmark && !cli.given("--cols")) cols = rows;
    tutorial::require_memory("--rows/--cols", static_cast<std::uint64_t>(rows) * cols,
                             sizeof(float), 4, selection.backend);
    if (common.benchmark) {
      std::printf("Chapter 02 benchmark on %s: %d x %d floats, median of 25 runs\n",
                  selection.where().c_str(), rows, cols);
      const auto table = matrix_add::benchmark(rows, cols, common.seed, {});
      tutorial::print_bandwidth_table(table);
      if (!csv_path.empty())
        tutorial::write_bandwidth_csv(table, *selection.device,
                                      std::to_string(rows) + " x " + std::to_string(cols),
                                      csv_path);
      return 0;
    }

    std::printf("Chapter 02: matrix addition on %s\n", selection.where().c_str());
    bool ok = true;
    if (which == Which::all || which == Which::one_block)
      ok &= run_and_verify(Variant::one_block, block_n, block_n, common.seed);
    if (which == Which::all || which == Which::multi_block)
      ok &= run_and_verify(Variant::coalesced, rows, cols, common.seed);
    if (which == Which::all || which == Which::vectorized)
      ok &= run_and_verify(Variant::vectorized, rows, cols, common.seed);
    if (which == Which::all || which == Which::transposed)
      ok &= run_and_verify(Variant::transposed, rows, cols, common.seed);
    if (which == Which::all || which == Which::thread_id) ok &= check_thread_ids({8, 4, 2});
    return ok ? 0 : 1;
  });
}
