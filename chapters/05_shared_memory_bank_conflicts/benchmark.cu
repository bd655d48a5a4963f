// Chapter 05's benchmark: every variant timed on the GPU, and its time predicted from the
// emulator's wavefronts and the bytes it moves, against two ceilings measured in the same run.
// The wavefronts come from the sample's CPU build, which counts them (a GPU has no counter a
// program can read): the benchmark runs it and reads its CSV.

#include "benchmark.hpp"
#include "problems.hpp"

#include "common/cuda_check.hpp"
#include "common/timing.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>

#include <unistd.h>

namespace bank_conflicts {

namespace {
using Kind = Variant::Kind;
}  // namespace

double Timed::predicted_ms() const { return std::max(shared_bound_ms, memory_bound_ms); }

const char* Timed::limit() const {
  if (median_ms <= 1.15 * predicted_ms())
    return shared_bound_ms >= memory_bound_ms ? "shared" : "memory";
  // Between the longer bound and the sum: the two resources took turns more than they overlapped.
  if (median_ms <= 1.15 * (shared_bound_ms + memory_bound_ms)) return "both";
  return "neither";
}

namespace {

bool loops_over_loads(const Variant& v) {
  return v.kind == Kind::strided || v.kind == Kind::broadcast || v.kind == Kind::doubles;
}

// The counting launch's wavefronts, loads and stores, by variant name.
using Wavefronts = std::map<std::string, std::pair<double, double>>;

#if TUTORIAL_CPU_BUILD
// The CPU build is the one that counts, and it has no GPU to time (main refuses --benchmark
// there); as WebAssembly it could not start a process either.
Wavefronts counted_by_cpu_build(const std::vector<int>&, std::uint64_t) {
  throw std::logic_error("the benchmark's counts come from the CPU build, which has no GPU");
}
#else
// The fields of one line of a CSV file, whose quoted fields may hold commas and "".
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
      fields.back() += line[++i];
    else if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted)
      fields.emplace_back();
    else
      fields.back() += c;
  }
  return fields;
}

// Runs the sample's CPU build (this program's path with _cpu) with `seed`, and reads the
// wavefronts of every variant's counting launch from the CSV it writes: once with its own
// strides (stride 1, the ceiling, among them), then once for each of `strides` it lacked.
Wavefronts counted_by_cpu_build(const std::vector<int>& strides, std::uint64_t seed) {
  const std::string cpu_build = std::filesystem::read_symlink("/proc/self/exe").string() + "_cpu";
  const std::filesystem::path csv =
      std::filesystem::temp_directory_path() / ("bank_counts_" + std::to_string(::getpid()));
  const auto quoted = [](const std::string& text) {
    std::string q = "'";
    for (const char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
  };
  Wavefronts counted;
  const auto count = [&](const std::string& options) {
    const std::string command = quoted(cpu_build) + options + " --seed " + std::to_string(seed) +
                                " --csv " + quoted(csv.string()) + " > /dev/null";
    if (std::system(command.c_str()) != 0)
      throw std::runtime_error("the benchmark's counts: " + cpu_build + " failed");
    std::ifstream file(csv);
    std::string line;
    std::getline(file, line);  // the header: variant, kernel, load_requests, load_wavefronts, ...
    while (std::getline(file, line)) {
      const std::vector<std::string> f = csv_fields(line);
      if (f.size() >= 7) counted[f[0]] = {std::stod(f[3]), std::stod(f[6])};
    }
  };
  count("");
  for (const int stride : strides)
    if (!counted.contains(Variant{Variant::Kind::strided, stride}.name()))
      count(" --stride " + std::to_string(stride));
  std::filesystem::remove(csv);
  return counted;
}
#endif

// The wavefronts of the timed launch, from the emulator's count of the small one: the same per
// block, and in the load loops, proportional to the loads per thread.
double timed_wavefronts(const Variant& v, const Problem& timed, const Problem& counted,
                        const Wavefronts& wavefronts) {
  const auto& [load_wavefronts, store_wavefronts] = wavefronts.at(v.name());
  const auto blocks = [](const Problem& p) {
    return static_cast<double>(p.grid.x) * p.grid.y * p.grid.z;
  };
  const double loads_scale =
      loops_over_loads(v) ? static_cast<double>(timed.repeats) / counted.repeats : 1.0;
  return (load_wavefronts * loads_scale + store_wavefronts) * blocks(timed) / blocks(counted);
}

// Bytes the timed launch reads from and writes to device memory.
double device_bytes(const Variant& v, const Problem& p) {
  const double blocks = static_cast<double>(p.grid.x) * p.grid.y,
               threads_per_block = static_cast<double>(p.block.x) * p.block.y;
  switch (v.kind) {
    case Kind::reduce_interleaved:
    case Kind::reduce_sequential:
    case Kind::reduce_shuffle:
      return (static_cast<double>(p.input.size()) + blocks) * sizeof(float);
    case Kind::strided:
    case Kind::broadcast: return blocks * threads_per_block * sizeof(float);
    case Kind::doubles: return blocks * threads_per_block * sizeof(double);
    case Kind::transpose:
    case Kind::transpose64:
    case Kind::copy: return 2.0 * p.n * p.n * sizeof(float);
  }
  return 0;
}

}  // namespace

Benchmark benchmark_on_device(const std::vector<int>& strides, int n, std::uint64_t seed) {
  int sms = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const unsigned blocks = static_cast<unsigned>(sms) * 8;
  const auto timed_problem = [&](const Variant& v) {
    return benchmark_problem(v, blocks, n, seed);
  };
  // Every variant's counts, stride 1 (the ceiling) among them.
  const Wavefronts counted = counted_by_cpu_build(strides, seed);
  const auto wavefronts = [&](const Variant& v, const Problem& timed) {
    return timed_wavefronts(v, timed, counting_problem(v, seed), counted);
  };

  // The two ceilings: conflict-free stride-1 loads, which only shared memory limits, and a
  // device-to-device copy of the transposed matrix.
  Benchmark result;
  {
    const Variant stride1{Kind::strided, 1};
    const Problem p = timed_problem(stride1);
    DeviceRun run(stride1, p);
    const double ms = tutorial::time_on_device([&] { run.launch(); }).median_ms;
    result.ceilings.wavefronts_per_ms = wavefronts(stride1, p) / ms;
  }
  result.ceilings.copy_gbs =
      tutorial::copy_bandwidth_gbs(static_cast<std::size_t>(n) * n * sizeof(float));

  std::vector<Variant> timed;
  for (int s : strides) timed.push_back({Kind::strided, s});
  timed.insert(timed.end(), {{Kind::broadcast},
                             {Kind::doubles},
                             {Kind::reduce_sequential},
                             {Kind::reduce_interleaved},
                             {Kind::reduce_shuffle},
                             {Kind::copy},
                             {Kind::transpose, 33},
                             {Kind::transpose64},
                             {Kind::transpose, 32}});
  for (const Variant& v : timed) {
    const Problem p = timed_problem(v);
    DeviceRun run(v, p);
    const tutorial::Timing t = tutorial::time_on_device([&] { run.launch(); });
    const double bytes = device_bytes(v, p);
    result.rows.push_back({v, t.median_ms, wavefronts(v, p) / result.ceilings.wavefronts_per_ms,
                           bytes / (result.ceilings.copy_gbs * 1e6), bytes / (t.median_ms * 1e6),
                           run.verified()});
  }
  return result;
}

}  // namespace bank_conflicts
