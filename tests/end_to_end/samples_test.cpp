// End-to-end: every sample binary run as a learner runs it. Good command lines must exit 0
// and print a match line for every kernel; bad ones must exit 2 with one line on stderr that
// names the option, and print nothing that looks like a result.
#include "run_program.hpp"

#include "../catch.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <dlfcn.h>

namespace {

struct Sample {
  std::string name;
  std::string path;
  std::vector<std::string> integer_options;  // every numeric option of the sample
  std::vector<std::string> choice_options;   // every option with a fixed set of values
};

const std::vector<Sample>& samples() {
  static const std::vector<Sample> all = {
      {"01_vector_add",
       SAMPLE_01_VECTOR_ADD,
       {"--n", "--block-n", "--seed"},
       {"--variant", "--backend"}},
      {"02_matrix_add",
       SAMPLE_02_MATRIX_ADD,
       {"--rows", "--cols", "--block-n", "--seed"},
       {"--variant", "--backend"}},
      {"03_thread_block_clusters",
       SAMPLE_03_THREAD_BLOCK_CLUSTERS,
       {"--grid-x", "--grid-y", "--cluster-x", "--cluster-y", "--threads",
        "--exchange-cluster-size", "--seed"},
       {"--backend"}},
      {"04_distributed_shared_memory_histogram",
       SAMPLE_04_HISTOGRAM,
       {"--n", "--bins", "--cluster-size", "--seed"},
       {"--strategy", "--distribution", "--backend"}},
      {"05_shared_memory_bank_conflicts",
       SAMPLE_05_BANK_CONFLICTS,
       {"--stride", "--n", "--seed"},
       {"--backend"}},
      {"06_coroutine_sync_emulation",
       SAMPLE_06_COROUTINE_SYNC,
       {"--threads", "--seed"},
       {"--backend"}},
      {"07_asynchronous_simt",
       SAMPLE_07_ASYNCHRONOUS_SIMT,
       {"--tiles", "--blocks", "--seed"},
       {"--backend"}},
      {"08_memory_spaces",
       SAMPLE_08_MEMORY_SPACES,
       {"--elements", "--image", "--seed"},
       {"--backend"}},
  };
  return all;
}

const Sample& sample(const std::string& name) {
  return *std::find_if(samples().begin(), samples().end(),
                       [&](const Sample& s) { return s.name == name; });
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

std::size_t lines(const std::string& text) { return count(text, "\n"); }

// What a result line looks like in any sample.
bool looks_like_a_result(const std::string& out) {
  return out.find("match") != std::string::npos || out.find("MISMATCH") != std::string::npos ||
         out.find("GB/s") != std::string::npos;
}

struct GoodRun {
  std::string sample;
  std::vector<std::string> arguments;
  std::size_t match_lines;  // how many kernels it verifies
};

struct BadRun {
  std::string sample;
  std::vector<std::string> arguments;
  std::string option;  // the option the one-line error must name
};

// The bad-input table: every numeric option gets every kind of bad value, every choice
// option an unknown value; plus unknown options, missing values and impossible sizes.
std::vector<BadRun> bad_runs() {
  std::vector<BadRun> rows;
  for (const Sample& s : samples()) {
    for (const std::string& option : s.integer_options) {
      for (const char* value :
           {"abc", "-5", "1e30", "99999999999999999999", "3.5", "", "12abc", "+7", " 9"})
        rows.push_back({s.name, {option, value}, option});
      if (option != "--seed" && option != "--cluster-size")
        rows.push_back({s.name, {option, "0"}, option});
      rows.push_back({s.name, {option}, option});  // value missing
    }
    for (const std::string& option : s.choice_options) {
      rows.push_back({s.name, {option, "bogus"}, option});
      rows.push_back({s.name, {option}, option});
    }
    rows.push_back({s.name, {"--no-such-option"}, "--no-such-option"});
    rows.push_back({s.name, {"--backend", "device"}, "--backend device"});  // no GPU in CI
  }
  rows.push_back({"01_vector_add", {"--n", "2^40"}, "--n"});  // 16 TiB: refused before allocating
  rows.push_back({"01_vector_add", {"--block-n", "1025"}, "--block-n"});
  rows.push_back({"02_matrix_add", {"--rows", "1000000", "--cols", "1000000"}, "--rows/--cols"});
  rows.push_back({"02_matrix_add", {"--block-n", "33"}, "--block-n"});
  rows.push_back({"02_matrix_add", {"--rows", "1048561"}, "--rows"});
  rows.push_back({"03_thread_block_clusters", {"--grid-x", "7"}, "--grid-x"});
  rows.push_back(
      {"03_thread_block_clusters", {"--cluster-x", "4", "--cluster-y", "8"}, "--cluster-x"});
  rows.push_back({"03_thread_block_clusters", {"--threads", "1025"}, "--threads"});
  rows.push_back({"03_thread_block_clusters",  // 2^32 blocks' records: refused before allocating
                  {"--grid-x", "65534", "--grid-y", "65534"},
                  "--grid-x/--grid-y"});
  const std::string histogram = "04_distributed_shared_memory_histogram";
  rows.push_back({histogram, {"--strategy", "shared", "--bins", "100000"}, "--strategy shared"});
  rows.push_back({histogram,
                  {"--strategy", "cluster", "--cluster-size", "2", "--bins", "1000000"},
                  "--cluster-size"});
  rows.push_back({histogram, {"--strategy", "cluster", "--bins", "5000000"}, "--strategy cluster"});
  rows.push_back({histogram, {"--cluster-size", "4"}, "--cluster-size"});
  rows.push_back(
      {histogram, {"--strategy", "cluster", "--warp-aggregation", "on"}, "--warp-aggregation"});
  rows.push_back({histogram, {"--warp-aggregation", "sometimes"}, "--warp-aggregation"});
  rows.push_back({histogram, {"--strategy", "shared", "--hot-bin-cache", "on"}, "--hot-bin-cache"});
  rows.push_back(
      {histogram, {"--hot-bin-cache", "on", "--warp-aggregation", "on"}, "--warp-aggregation"});
  rows.push_back({histogram, {"--hot-bin-cache", "always"}, "--hot-bin-cache"});
  rows.push_back({histogram, {"--distribution", "normal"}, "--distribution"});
  rows.push_back({histogram, {"--n", "2^40"}, "--n"});
  rows.push_back({histogram, {"--input", "/nonexistent/values.txt"}, "--input"});
  rows.push_back({histogram, {"--input", MALFORMED_VALUES_FILE}, "--input"});
  rows.push_back({"05_shared_memory_bank_conflicts", {"--stride", "65"}, "--stride"});
  rows.push_back({"05_shared_memory_bank_conflicts", {"--n", "100"}, "--n"});
  rows.push_back(
      {"05_shared_memory_bank_conflicts", {"--benchmark", "--backend", "emulator"}, "--benchmark"});
  for (const char* threads : {"1", "3", "100", "2048"})
    rows.push_back({"06_coroutine_sync_emulation", {"--threads", threads}, "--threads"});
  rows.push_back({"07_asynchronous_simt", {"--tiles", "0"}, "--tiles"});
  rows.push_back({"07_asynchronous_simt", {"--tiles", "2000000"}, "--tiles"});
  rows.push_back({"07_asynchronous_simt", {"--blocks", "-3"}, "--blocks"});
  rows.push_back({"07_asynchronous_simt", {"--benchmark", "--backend", "emulator"}, "--benchmark"});
  rows.push_back({"08_memory_spaces", {"--elements", "127"}, "--elements"});  // below 4 x 32 taps
  rows.push_back({"08_memory_spaces", {"--elements", "2^40"}, "--elements"});
  rows.push_back({"08_memory_spaces", {"--image", "100"}, "--image"});  // not a power of two
  rows.push_back({"08_memory_spaces", {"--image", "8192"}, "--image"});
  rows.push_back({"08_memory_spaces", {"--benchmark", "--backend", "emulator"}, "--benchmark"});
  return rows;
}

}  // namespace

TEST_CASE("Samples run with default and edge arguments and print one match line per kernel",
          "[e2e]") {
  const std::vector<GoodRun> runs = {
      {"01_vector_add", {}, 3},
      {"01_vector_add", {"--backend", "emulator"}, 3},
      {"01_vector_add", {"--n", "1", "--block-n", "1"}, 3},
      {"01_vector_add", {"--n", "1025", "--block-n", "1024", "--seed", "0"}, 3},
      {"01_vector_add", {"--variant", "vectorized", "--n", "5"}, 1},
      {"01_vector_add", {"--variant", "one-block"}, 1},
      {"02_matrix_add", {}, 5},
      {"02_matrix_add",
       {"--backend", "emulator", "--rows", "1", "--cols", "1", "--block-n", "1"},
       5},
      {"02_matrix_add", {"--rows", "17", "--cols", "1025"}, 5},
      {"02_matrix_add", {"--variant", "vectorized", "--rows", "3", "--cols", "7"}, 1},
      {"02_matrix_add", {"--variant", "thread-id"}, 1},
      {"03_thread_block_clusters", {}, 3},
      {"03_thread_block_clusters",
       {"--grid-x", "4", "--grid-y", "4", "--cluster-x", "1", "--cluster-y", "4"},
       3},
      {"03_thread_block_clusters",
       {"--cluster-x", "16", "--cluster-y", "1", "--grid-x", "16", "--exchange-cluster-size", "16"},
       3},
      {"04_distributed_shared_memory_histogram", {}, 1},
      {"04_distributed_shared_memory_histogram", {"--strategy", "global", "--n", "1"}, 1},
      {"04_distributed_shared_memory_histogram",
       {"--strategy", "cluster", "--cluster-size", "8", "--bins", "1001"},
       1},
      {"04_distributed_shared_memory_histogram", {"--distribution", "skewed", "--bins", "256"}, 1},
      {"04_distributed_shared_memory_histogram",
       {"--distribution", "single", "--bins", "300000", "--n", "100003"},
       1},
      {"04_distributed_shared_memory_histogram",
       {"--strategy", "global", "--hot-bin-cache", "on", "--distribution", "skewed", "--bins",
        "70001", "--n", "50001"},
       1},
      {"04_distributed_shared_memory_histogram",
       {"--strategy", "shared", "--warp-aggregation", "on", "--n", "4097", "--bins", "33"},
       1},
      {"05_shared_memory_bank_conflicts", {}, 1},  // one "results: match" line after the table
      {"05_shared_memory_bank_conflicts", {"--stride", "64"}, 1},
      {"06_coroutine_sync_emulation", {}, 5},  // without a GPU the emulator stands in for it
      {"06_coroutine_sync_emulation", {"--threads", "2"}, 5},
      {"06_coroutine_sync_emulation", {"--threads", "1024"}, 4},  // no std::thread run above 256
      {"07_asynchronous_simt", {}, 8},  // the barrier, six copy methods, the scopes
      {"07_asynchronous_simt", {"--tiles", "5", "--blocks", "9"}, 8},
      // two histograms, two tap accesses, six samplings, three transfers, the warp sums
      {"08_memory_spaces", {}, 14},
      {"08_memory_spaces", {"--elements", "128", "--image", "16", "--seed", "0"}, 14},
      {"08_memory_spaces", {"--elements", "1001", "--image", "1024"}, 14},
  };
  for (const GoodRun& run : runs) {
    const auto result = test::run_program(sample(run.sample).path, run.arguments);
    std::string shown = run.sample;
    for (const auto& a : run.arguments) shown += " " + a;
    INFO(shown << "\nstdout:\n" << result.out << "stderr:\n" << result.err);
    CHECK(result.exit_code == 0);
    CHECK(count(result.out, ": match") == run.match_lines);
    CHECK(count(result.out, "MISMATCH") == 0);
    CHECK(result.err.empty());
  }
}

// The numbers of the row of the map that starts with `label`, for lanes 0-31 (two rows of 16).
std::vector<long> map_row(const std::string& out, const std::string& label) {
  std::vector<long> numbers;
  std::istringstream text(out.substr(out.find("Why: the lane-to-bank map")));
  for (std::string line; std::getline(text, line);) {
    std::istringstream words(line);
    std::string first;
    if (!(words >> first) || first != label) continue;
    for (long n; words >> n;) numbers.push_back(n);
  }
  return numbers;
}

TEST_CASE("Chapter 05 shows where a stride's conflicts are and its lane-to-bank map", "[e2e]") {
  const long stride = GENERATE(2, 6, 12, 32);
  const auto result =
      test::run_program(sample("05_shared_memory_bank_conflicts").path,
                        {"--backend", "emulator", "--stride", std::to_string(stride)});
  INFO(result.out << result.err);
  REQUIRE(result.exit_code == 0);
  // Lane i reads word i * stride (the first read of the loop), in bank (i * stride) mod 32.
  std::vector<long> words, banks;
  for (long lane = 0; lane < 32; ++lane) {
    words.push_back(lane * stride);
    banks.push_back(lane * stride % 32);
  }
  CHECK(map_row(result.out, "word") == words);
  CHECK(map_row(result.out, "bank") == banks);
  // gcd(stride, 32) lanes share each bank used: that many wavefronts.
  long ways = 1;
  while (ways < 32 && stride % (2 * ways) == 0) ways *= 2;
  CHECK(result.out.find(std::to_string(ways) + " wavefronts, 1 without conflicts") !=
        std::string::npos);
  CHECK(result.out.find("The request uses " + std::to_string(32 / ways) + " of 32 banks.") !=
        std::string::npos);
  // The line named is the strided kernel's load, as the kernel file numbers it.
  std::ifstream kernels(std::string(TUTORIAL_SOURCE_DIR) +
                        "/chapters/05_shared_memory_bank_conflicts/bank_conflicts_kernels.cuh");
  int number = 1;
  for (std::string line;
       std::getline(kernels, line) && line.find("sum += row[k * 32];") == std::string::npos;)
    ++number;
  CHECK(result.out.find("stride " + std::to_string(stride) + " ") != std::string::npos);
  CHECK(result.out.find("One load request at bank_conflicts_kernels.cuh:" + std::to_string(number) +
                        " ") != std::string::npos);
}

TEST_CASE("The histogram sample reads values from a file and writes its counts to a file",
          "[e2e]") {
  const std::string in = "/tmp/tutorial-e2e-values.txt", out = "/tmp/tutorial-e2e-counts.txt";
  std::ofstream(in) << "3 1 4 1 5\n9 2 6\n-7 5 3\n";
  const auto result =
      test::run_program(sample("04_distributed_shared_memory_histogram").path,
                        {"--backend", "emulator", "--input", in, "--bins", "6", "--output", out});
  INFO(result.out << result.err);
  CHECK(result.exit_code == 0);
  std::ifstream counts(out);
  std::vector<int> bins;
  for (int c; counts >> c;) bins.push_back(c);
  // bins 0..5 of 3 1 4 1 5 9 2 6 -7 5 3, with 9 and 6 clamped to 5 and -7 to 0
  CHECK(bins == std::vector<int>{1, 2, 1, 2, 1, 4});
  std::remove(in.c_str());
  std::remove(out.c_str());
}

TEST_CASE("Samples without a GPU say so in one line and run on the emulator", "[e2e]") {
  // With no driver library at all, the reason must say so, not that the driver is too old.
  void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  const bool no_driver = driver == nullptr;
  if (driver != nullptr) dlclose(driver);
  for (const Sample& s : samples()) {
    const auto result = test::run_program(s.path, {});
    INFO(s.name << "\n" << result.out);
    REQUIRE(result.exit_code == 0);
    const bool on_gpu = result.out.find("on the CPU emulator") == std::string::npos;
    if (!on_gpu) CHECK(count(result.out, "note: running on the CPU emulator:") == 1);
    if (no_driver) {
      CHECK(count(result.out, "note: running on the CPU emulator: no NVIDIA driver found.") == 1);
      CHECK(count(result.out, "cudaErrorInsufficientDriver") == 0);
    }
  }
}

TEST_CASE("Samples print help and exit 0", "[e2e]") {
  for (const Sample& s : samples()) {
    const auto result = test::run_program(s.path, {"--help"});
    INFO(s.name);
    CHECK(result.exit_code == 0);
    CHECK(result.out.find("--backend") != std::string::npos);
    CHECK(result.out.find("--seed") != std::string::npos);
  }
}

TEST_CASE("Bad input exits 2 with one line naming the option and no result", "[e2e]") {
  for (const BadRun& row : bad_runs()) {
    const auto result = test::run_program(sample(row.sample).path, row.arguments);
    std::string shown = row.sample;
    for (const auto& a : row.arguments) shown += " '" + a + "'";
    INFO(shown << "\nstdout:\n" << result.out << "stderr:\n" << result.err);
    CHECK(result.exit_code == 2);
    CHECK(lines(result.err) == 1);
    CHECK(result.err.find(row.option) != std::string::npos);
    CHECK_FALSE(looks_like_a_result(result.out));
  }
}
