// Chapter 08 - the memory spaces and compute capability (CUDA C++ Programming Guide, "Memory
// Hierarchy", "Heterogeneous Programming" and "Compute Capability"): a thread's local memory
// against its registers, constant memory read uniformly and divergently, a texture sampled
// every way the texture unit can, one computation with explicit copies and with Unified Memory,
// and a kernel that takes its path by __CUDA_ARCH__. Each result is checked against the CPU.

#include "benchmark.hpp"
#include "memory_spaces.hpp"

#include "common/backend.hpp"
#include "common/cli.hpp"
#include "common/csv_file.hpp"
#include "common/memory_budget.hpp"
#include "common/random_inputs.hpp"
#include "common/sample_main.hpp"
#include "common/usage_error.hpp"
#include "common/verification.hpp"

#include <bit>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace {

using namespace memory_spaces;

// What the version number decides, for the features this tutorial uses.
void print_capability(const tutorial::ComputeCapability& cc, const char* whose) {
  const auto at_least = [&](int major, int minor) {
    return cc.major > major || (cc.major == major && cc.minor >= minor) ? "yes" : "no";
  };
  std::printf(
      "compute capability %s (%s): thread block clusters and distributed shared memory %s, "
      "hardware asynchronous copies %s, __reduce_*_sync %s\n",
      cc.to_string().c_str(), whose, at_least(9, 0), at_least(8, 0), at_least(8, 0));
}

std::string words_per_request(const tutorial::ConstantReads& t) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f",
                static_cast<double>(t.words) / static_cast<double>(t.requests));
  return text;
}

void print_benchmark(std::size_t elements, int image, std::uint64_t seed,
                     const tutorial::DeviceInfo& device, const std::string& csv_path) {
  const MemorySpacesBenchmark b = benchmark_on_device(elements, image, seed);
  std::printf(
      "Chapter 08 benchmark on %s: %zu elements (%.0f MiB a float array), a %dx%d texture, "
      "median of 25 runs\nceilings: device-to-device copy %.0f GB/s, pinned host-to-device "
      "copy %.1f GB/s, constant cache %.0f Gwords/s (1 word per SM per 2 clocks)\n",
      device.name.c_str(), elements, 4.0 * static_cast<double>(elements) / (1 << 20), image, image,
      b.ceilings.copy_gbs, b.ceilings.host_to_device_gbs, b.ceilings.constant_words_per_s / 1e9);
  std::printf("%-9s %-52s %9s %10s %-9s %8s  %s\n", "part", "kernel", "ms", "rate", "unit",
              "of ceil.", "result");
  tutorial::CsvFile csv(csv_path, "--csv",
                        {"problem", "part", "kernel", "median_ms", "rate", "unit", "ceiling",
                         "ceiling_name", "of_ceiling", "verified"},
                        &device);
  for (const TimedRow& r : b.rows) {
    std::printf("%-9s %-52s %9.3f %10.1f %-9s %7.2fx  %s\n", r.part.c_str(), r.kernel.c_str(),
                r.median_ms, r.rate, r.unit.c_str(), r.of_ceiling(),
                r.verified ? "match" : "MISMATCH");
    csv.row(std::to_string(elements) + " elements, " + std::to_string(image) + "^2 texture", r.part,
            r.kernel, r.median_ms, r.rate, r.unit, r.ceiling, r.ceiling_name, r.of_ceiling(),
            r.verified);
  }
  csv.finish();
}

bool report(const std::string& what, std::size_t elements,
            const std::optional<tutorial::Mismatch>& mismatch) {
  std::printf("  %s\n", tutorial::verdict(what, elements, mismatch).c_str());
  return !mismatch;
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    int elements = 1 << 20;
    int image_size = 512;
    std::string csv_path;
    tutorial::Cli cli("08_memory_spaces", "Chapter 08: the memory spaces and compute capability");
    cli.add_integer("--elements", elements, kTaps * 4, 1 << 28,
                    "values the local-memory, constant-memory and Unified Memory kernels stream "
                    "through",
                    "at most 2^28 (1 GiB of floats)");
    cli.add_integer("--image", image_size, 16, 4096,
                    "width and height of the texture (a power of two)", "at most 4096");
    cli.add_text("--csv", csv_path, "with --benchmark: write the table to FILE as CSV");
    // Every kernel runs from compute capability 7.0; __reduce_add_sync is taken from 8.0 on.
    const auto chosen = cli.parse_and_select_backend(argc, argv, {7, 0});
    if (!chosen) return 0;
    if (!std::has_single_bit(static_cast<unsigned>(image_size)))
      throw tutorial::UsageError("--image", "must be a power of two from 16 to 4096");
    const tutorial::Backend backend = chosen->backend;
    const std::uint64_t seed = cli.common().seed;
    if (cli.common().benchmark) {
      if (backend != tutorial::Backend::device)
        throw tutorial::UsageError("--benchmark", "times the GPU and needs one");
      if (!cli.given("--elements")) elements = 1 << 26;  // 256 MiB a float array: past the L2
      if (!cli.given("--image")) image_size = 4096;
      if (image_size < 64)
        throw tutorial::UsageError("--image", "must be at least 64 with --benchmark");
    }
    const auto n = static_cast<std::size_t>(elements);
    // The largest part: the filter's input and output, and the reference, on the host (and
    // input and output on the GPU); the Unified Memory array is no larger.
    tutorial::require_memory("--elements", n, sizeof(float), 3, backend);
    if (cli.common().benchmark) {
      print_benchmark(n, image_size, seed, *chosen->device, csv_path);
      return 0;
    }

    std::printf("Chapter 08: the memory spaces and compute capability on %s\n",
                chosen->where().c_str());
    bool ok = true;

    // 1. Local memory: a per-thread array indexed at run time, against registers.
    const int threads = elements / kStrip;
    const auto values =
        tutorial::random_integers<unsigned>(std::size_t(threads) * kStrip, seed, 0, 999999);
    const std::vector<unsigned> pairs = reference_pairs_per_thread(values, threads);
    std::printf("local memory: %d threads, each counting %d values into %d bins:\n", threads,
                kStrip, kBins);
    for (Histogram where : all_histograms) {
      const auto out = pairs_per_thread(where, values, threads);
      std::string what = describe(where);
      if (const auto r = kernel_resources(where))
        what += " (" + std::to_string(r->registers) + " registers, " +
                std::to_string(r->local_bytes) + " bytes of local memory per thread)";
      ok &= report(what, out.size(), tutorial::first_mismatch(out, pairs));
    }

    // 2. Constant memory: the filter's coefficients, read the same by every lane or not.
    const auto coefficients = tutorial::random_integers<float>(kTaps, seed + 1, -7, 7);
    const auto signal = tutorial::random_integers<float>(n + kTaps - 1, seed + 2, -99, 99);
    const std::vector<float> filtered = reference_filter(coefficients, signal);
    std::printf("constant memory: a %d-tap filter over %d values, taps in __constant__ memory:\n",
                kTaps, elements);
    for (TapAccess access : all_tap_accesses) {
      const FilterRun run = filter(access, coefficients, signal);
      std::string what = describe(access);
      if (run.traffic)
        what += " (" + words_per_request(*run.traffic) + " distinct words per warp request)";
      ok &= report(what, run.out.size(), tutorial::first_mismatch(run.out, filtered));
    }

    // 3. Texture memory: one image, sampled every way the sample shows.
    const Image image{image_size,
                      tutorial::random_floats(std::size_t(image_size) * image_size, seed + 3)};
    std::printf(
        "texture memory: a %dx%d image resampled over coordinates -0.25 to 1.25 with tex2D:\n",
        image_size, image_size);
    for (Sampling sampling : all_samplings) {
      const auto out = resample(image, sampling, image_size);
      const double tolerance = resample_tolerance(sampling);
      const auto mismatch =
          tutorial::first_mismatch(out, reference_resample(image, sampling, image_size), tolerance);
      if (mismatch || tolerance == 0)
        ok &= report(describe(sampling), out.size(), mismatch);
      else
        std::printf("  %s: match (%zu pixels within %.2g of the CPU reference)\n",
                    describe(sampling).c_str(), out.size(), tolerance);
    }

    // 4. Unified Memory: the same update with explicit copies and with managed memory.
    const std::vector<float> data = tutorial::random_floats(n, seed + 4);
    const float factor = 2.0f, offset = -0.5f;
    const std::vector<float> scaled = reference_scale(data, factor, offset);
    std::printf("unified memory: data * 2 - 0.5 over %d floats, in place:\n", elements);
    for (Transfer transfer : all_transfers) {
      const auto out = scale_in_place(transfer, data, factor, offset);
      ok &= report(describe(transfer), out.size(), tutorial::first_mismatch(out, scaled));
    }

    // 5. Compute capability: what the version decides, and the path __CUDA_ARCH__ chose.
    print_capability(current_capability(), backend == tutorial::Backend::device
                                               ? "the GPU"
                                               : "what the emulator imitates");
    const auto warp_values =
        tutorial::random_integers<unsigned>(threads_per_block * 4, seed + 5, 0, 999999);
    const WarpSumResult sums = warp_sums(warp_values);
    const bool summed = sums.sums == reference_warp_sums(warp_values);
    std::printf(
        "  WarpSums<<<4, 256>>> took the %s path: %s\n",
        sums.path_taken >= 800
            ? ("__reduce_add_sync (__CUDA_ARCH__ " + std::to_string(sums.path_taken) + ")").c_str()
            : "shuffle",
        summed ? "match (32 warp sums)" : "MISMATCH");
    ok &= summed;
    return ok ? 0 : 1;
  });
}
