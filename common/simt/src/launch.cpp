/// @file
/// @brief Launches on the emulator: the checks a GPU makes before it runs a grid, and the grid
/// spread over worker threads, unit by unit; then the grids its threads launched (dynamic
/// parallelism), one after another.

#include <simt/detail/access_checks.hpp>
#include <simt/detail/bank_counters.hpp>
#include <simt/detail/device_launch.hpp>
#include <simt/detail/sm_clock.hpp>
#include <simt/launch.hpp>
#include "debugger_support.hpp"
#include "describe.hpp"
#include "fault_signals.hpp"
#include "host_threads.hpp"
#include "unit_runner.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace simt {

namespace detail {

namespace {

// The size of a cache line on the processors the emulator runs on (x86-64, 64-bit Arm): what
// two workers must not share when one of them writes it.
constexpr std::size_t cache_line = 64;

// The limits of compute capability 9.0 on an H100, which the emulator imitates.
constexpr unsigned max_threads_per_block = 1024;
constexpr Dim3 max_block_dim{1024, 1024, 64};
constexpr Dim3 max_grid_dim{2147483647u, 65535, 65535};
constexpr unsigned multiprocessors = 132;
constexpr unsigned max_blocks_per_multiprocessor = 32;
constexpr unsigned max_warps_per_multiprocessor = 64;
constexpr std::size_t shared_bytes_per_multiprocessor = 233472;
constexpr std::size_t reserved_shared_bytes_per_block = 1024;

// The blocks of this shape that an H100 keeps resident at once (the most a cooperative launch
// may have): limited by blocks, warps and shared memory per SM.
std::uint64_t resident_blocks(const LaunchConfig& c) {
  const auto warps = static_cast<unsigned>((c.block.volume() + 31) / 32);
  const std::size_t shared = c.dynamic_shared_bytes + reserved_shared_bytes_per_block;
  const std::uint64_t per_sm = std::min<std::uint64_t>(
      {max_blocks_per_multiprocessor, max_warps_per_multiprocessor / std::max(1u, warps),
       shared_bytes_per_multiprocessor / shared});
  return per_sm * multiprocessors;
}

void validate(const LaunchConfig& c) {
  // `code`: the cudaError_t the runtime returns (cudaErrorInvalidConfiguration unless given).
  auto fail = [&](const std::string& why, int code = 9) {
    throw LaunchError("invalid launch configuration: grid " + index_text(c.grid) + ", block " +
                          index_text(c.block) + ", cluster " + index_text(c.cluster) + ": " + why,
                      code);
  };
  constexpr int invalid_value = 1, invalid_cluster_size = 912, cooperative_too_large = 720;
  if (c.grid.volume() == 0 || c.block.volume() == 0 || c.cluster.volume() == 0)
    fail("every extent must be at least 1");
  const ComputeCapability imitated = settings().compute_capability;
  if (c.cluster.volume() > 1 && imitated.major < 9)
    fail("thread block clusters need compute capability 9.0, and the emulator imitates " +
             std::to_string(imitated.major) + "." + std::to_string(imitated.minor) +
             " (simt::settings().compute_capability), whose GPUs do not launch clusters "
             "(cudaDevAttrClusterLaunch is 0)",
         invalid_cluster_size);
  // CUDA 13 on an H100 answers these with cudaErrorInvalidValue.
  if (c.block.volume() > max_threads_per_block)
    fail("a block has at most " + std::to_string(max_threads_per_block) + " threads",
         invalid_value);
  if (c.block.x > max_block_dim.x || c.block.y > max_block_dim.y || c.block.z > max_block_dim.z)
    fail("block dimensions are limited to " + index_text(max_block_dim), invalid_value);
  if (c.grid.x > max_grid_dim.x || c.grid.y > max_grid_dim.y || c.grid.z > max_grid_dim.z)
    fail("grid dimensions are limited to " + index_text(max_grid_dim), invalid_value);
  if (c.dynamic_shared_bytes > max_shared_bytes_per_block)
    fail("dynamic shared memory is limited to " + std::to_string(max_shared_bytes_per_block) +
             " bytes per block",
         invalid_value);
  const unsigned cluster_limit =
      c.non_portable_cluster_size_allowed ? max_cluster_size : max_portable_cluster_size;
  if (c.cluster.volume() > cluster_limit)
    fail("a cluster has at most " + std::to_string(cluster_limit) + " blocks" +
             (c.non_portable_cluster_size_allowed
                  ? ""
                  : " (16 with the non-portable cluster size attribute)"),
         invalid_cluster_size);
  if (c.grid.x % c.cluster.x != 0 || c.grid.y % c.cluster.y != 0 || c.grid.z % c.cluster.z != 0)
    fail("the grid must be a whole number of clusters in every dimension", invalid_cluster_size);
  if (c.cooperative && c.grid.volume() > resident_blocks(c))
    fail("a cooperative launch has at most " + std::to_string(resident_blocks(c)) +
             " blocks of this shape (as many as an H100 keeps resident at once: "
             "cudaErrorCooperativeLaunchTooLarge)",
         cooperative_too_large);
}

// The grids the threads of a running grid launched: each with the unit that launched it, in
// the order they were launched.
struct ChildGrids {
  HostMutex mutex;
  std::vector<std::pair<std::uint64_t, std::function<void()>>> launched;
};

// The running grid's children, and the unit being run, on this worker (none between grids).
thread_local ChildGrids* running_children = nullptr;
thread_local std::uint64_t running_unit = 0;

}  // namespace

void launch_after_grid(std::function<void()> child) {
  if (running_children == nullptr)
    throw LaunchError("a launch from device code outside a running kernel");
  std::lock_guard lock(running_children->mutex);
  running_children->launched.emplace_back(running_unit, std::move(child));
}

void run_grid(const LaunchConfig& config, ThreadBody body, PlainBlockBody plain_block,
              const void* closure, const char* kernel) {
  validate(config);
  install_fault_handlers();
  say_once_if_accesses_go_unchecked();
  const std::uint64_t units = UnitRunner::unit_count(config);
  unsigned workers = settings().worker_threads;
  if (workers == 0 || !host_has_threads) workers = host_hardware_threads();
  workers = static_cast<unsigned>(std::min<std::uint64_t>(workers, units));

  // Units are handed out in order. On a failure, later units are skipped but earlier ones
  // still run, so the error reported (the lowest failing unit's) does not depend on the number
  // of workers or on timing. A large grid goes in runs of consecutive units (up to 64, at least
  // 32 runs per worker, so that the last run leaves the others idle for little): a worker then
  // streams through neighbouring memory, and the shared counter is taken once per run, not once
  // per block. Each take moves the counter's cache line between cores, which costs about as much
  // as a small block: a vector add of 2^24 elements on two workers was slower than on one when
  // the workers took turns block by block, and one of 2^18 elements (runs of 2 blocks when there
  // were at least 256 runs per worker) still was. A grid of fewer than 64 units per worker goes
  // unit by unit.
  const std::uint64_t chunk =
      std::clamp<std::uint64_t>(units / (std::uint64_t{workers} * 32), 1, 64);
  // The counter every worker takes runs from, and the failure each reads before every unit, each
  // on a cache line of its own: beside each other and the launch's other locals, every take of a
  // run made the other worker's next read of them a miss (a vector add of 2^18 elements took
  // longer on two workers than on one).
  alignas(cache_line) std::atomic<std::uint64_t> next{0};
  alignas(cache_line) std::atomic<std::uint64_t> first_failure{
      std::numeric_limits<std::uint64_t>::max()};
  HostMutex mutex;
  std::exception_ptr error;
  std::map<std::uint64_t, std::string> printed;  // block index -> output
  SharedMemoryCounters counts;
  ConstantMemoryCounters constant_counts;
  StrictWarnings warnings;
  ChildGrids children;
  // A worker runs a unit's threads one after another; the GPU runs them side by side, so each
  // one's clock counts that many cycles for each of the host's (see sm_clock.hpp).
  const LaunchClock clock = start_launch_clock(static_cast<long long>(
      config.block.volume() * (config.cooperative ? config.grid : config.cluster).volume()));

  auto work = [&, units, chunk] {
    const DebuggerRegistration named_for_debuggers;
    ChildGrids* const outer = running_children;
    running_children = &children;
    UnitRunner runner(config, body, plain_block, closure, kernel, warnings, clock);
    std::map<std::uint64_t, std::string> mine;
    bool stop = false;
    for (std::uint64_t start = next.fetch_add(chunk); start < units && !stop;
         start = next.fetch_add(chunk)) {
      for (std::uint64_t u = start; u < std::min(units, start + chunk); ++u) {
        if (u > first_failure.load()) {
          stop = true;
          break;
        }
        try {
          running_unit = u;
          runner.run(u, mine);
        } catch (...) {
          std::lock_guard lock(mutex);
          if (u < first_failure.load()) {
            first_failure.store(u);
            error = std::current_exception();
          }
        }
      }
    }
    // Leaves no GPU thread named as running, so that a fault in the program's own code is not
    // taken for the kernel's, however the last unit ended.
    current_thread = ThreadContext{};
    running_children = outer;
    std::lock_guard lock(mutex);
    printed.merge(mine);
    counts += runner.counts();
    constant_counts += runner.constant_counts();
  };
  run_on_workers(workers, work);
  stop_launch_clock(clock);
  record_launch_counters(counts);
  record_launch_constant_counters(constant_counts);
  for (const auto& [block, text] : printed) std::fwrite(text.data(), 1, text.size(), stdout);
  if (!printed.empty()) std::fflush(stdout);
  if (error) std::rethrow_exception(error);
  // The children, in the order of the units that launched them (each unit's in launch order),
  // whatever the workers' timing was.
  std::stable_sort(children.launched.begin(), children.launched.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [unit, child] : children.launched) child();
}

}  // namespace detail
}  // namespace simt
