// Chapter 07 - the asynchronous SIMT programming model (CUDA C++ Programming Guide,
// "Asynchronous SIMT Programming Model"): a cuda::barrier with split arrive and wait, three ways
// to copy a tile into shared memory, a cuda::pipeline of 1, 2 and 4 stages, and atomics at block
// and device scope. Each result is checked against the CPU; --benchmark times the copies.

#include "async_simt.hpp"
#include "benchmark.hpp"

#include "common/backend.hpp"
#include "common/cli.hpp"
#include "common/csv_file.hpp"
#include "common/memory_budget.hpp"
#include "common/random_inputs.hpp"
#include "common/sample_main.hpp"
#include "common/usage_error.hpp"
#include "common/verification.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace {

using async_simt::Copy;

void print_benchmark(int tiles, std::uint64_t seed, const tutorial::DeviceInfo& device,
                     const std::string& csv_path) {
  const async_simt::CopyBenchmark result = async_simt::benchmark_on_device(tiles, seed);
  std::printf(
      "Chapter 07 benchmark on %s: %d tiles of 2048 floats (%.0f MiB in, the same out), median "
      "of 25 runs\ndevice-to-device cudaMemcpy of the same bytes: %.0f GB/s\n",
      device.name.c_str(), tiles, tiles * 2048.0 * 4 / (1 << 20), result.copy_gbs);
  std::printf("%-38s %10s %9s %9s %8s  %s\n", "copy", "blocks/SM", "ms", "GB/s", "of copy",
              "result");
  tutorial::CsvFile csv(csv_path, "--csv",
                        {"problem", "kernel", "copy", "blocks_per_sm", "median_ms", "gbs",
                         "of_copy", "copy_gbs", "verified"},
                        &device);
  for (const auto& r : result.rows) {
    std::printf("%-38s %10u %9.3f %9.0f %7.2fx  %s\n", async_simt::describe(r.copy).c_str(),
                r.blocks_per_sm, r.median_ms, r.gbs, r.of_copy, r.verified ? "match" : "MISMATCH");
    csv.row(std::to_string(tiles) + " tiles of 2048 floats",
            async_simt::kernel_name(r.copy) + ", " + std::to_string(r.blocks_per_sm) +
                (r.blocks_per_sm == 1 ? " block/SM" : " blocks/SM"),
            async_simt::describe(r.copy), r.blocks_per_sm, r.median_ms, r.gbs, r.of_copy,
            result.copy_gbs, r.verified);
  }
  csv.finish();
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    int tiles = 64;
    unsigned blocks = 8;
    std::string csv_path;
    tutorial::Cli cli("07_asynchronous_simt",
                      "Chapter 07: the asynchronous SIMT programming model");
    cli.add_integer("--tiles", tiles, 1, 1 << 20,
                    "tiles of 2048 floats (8 KB) that the copy kernels stream through",
                    "at most 2^20 tiles (8 GiB)");
    cli.add_integer("--blocks", blocks, 1, 65535,
                    "blocks of the copy kernels (each loops over "
                    "its tiles)");
    cli.add_text("--csv", csv_path, "with --benchmark: write the table to FILE as CSV");
    // cuda::barrier and cuda::pipeline need compute capability 7.0; the asynchronous copies take
    // the hardware path (LDGSTS) from 8.0 on.
    const auto chosen = cli.parse_and_select_backend(argc, argv, {8, 0});
    if (!chosen) return 0;
    const tutorial::Backend backend = chosen->backend;
    const std::uint64_t seed = cli.common().seed;
    if (cli.common().benchmark) {
      if (backend != tutorial::Backend::device)
        throw tutorial::UsageError("--benchmark", "times the GPU and needs one");
      if (!cli.given("--tiles")) tiles = 32768;  // 256 MiB each way: far past the L2 cache
    }
    // The input, the output and the reference on the host (and in and out on the GPU).
    tutorial::require_memory("--tiles", static_cast<std::uint64_t>(tiles),
                             async_simt::tile_floats * sizeof(float), 3, backend);
    if (cli.common().benchmark) {
      print_benchmark(tiles, seed, *chosen->device, csv_path);
      return 0;
    }

    std::printf("Chapter 07: the asynchronous SIMT programming model on %s\n",
                chosen->where().c_str());
    bool ok = true;

    // 1. A barrier's split arrive and wait.
    // Small integers, so that squares and sums stay exact.
    const auto values =
        tutorial::random_integers<int>(4 * async_simt::threads_per_block, seed, -1000, 1000);
    const std::vector<int> read = async_simt::publish_then_read(values);
    const bool published = read == async_simt::reference_publish_then_read(values);
    std::printf(
        "split arrive/wait, PublishThenReadNeighbour<<<4, 256>>>: %s\n",
        published ? "match (each thread read its neighbour's value after the phase)" : "MISMATCH");
    ok &= published;

    // 2 and 3. Three ways to copy a tile, and the pipeline.
    const std::vector<float> in = tutorial::random_floats(
        static_cast<std::size_t>(tiles) * async_simt::tile_floats, seed + 1);
    const std::vector<float> expected = async_simt::reference_neighbour_sums(in);
    std::printf("neighbour sums over %d tiles of 2048 floats, %u blocks of 256 threads:\n", tiles,
                blocks);
    for (Copy copy : async_simt::all_copies) {
      const auto out = async_simt::neighbour_sums(copy, in, blocks);
      const auto mismatch = tutorial::first_mismatch(out, expected);
      std::printf("  %s\n",
                  tutorial::verdict(async_simt::describe(copy), out.size(), mismatch).c_str());
      ok &= !mismatch;
    }

    // 4. Thread scopes.
    const unsigned scope_blocks = 6;
    const auto counts = async_simt::count_with_scopes(scope_blocks, 96);
    bool counted = counts.total == scope_blocks * 96;
    for (unsigned c : counts.per_block) counted &= c == 96;
    std::printf("block-scope counts and a device-scope total, CountWithScopes<<<6, 96>>>: %s\n",
                counted ? "match (each block counted 96 threads, the total is 576)" : "MISMATCH");
    ok &= counted;
    return ok ? 0 : 1;
  });
}
