/// @file
/// @brief The emulator's grid runner: blocks spread over worker threads, each block's GPU
/// threads resumed barrier interval by barrier interval.

#include <simt/detail/thread_context.hpp>
#include <simt/launch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <limits>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace simt {

Settings& settings() {
  static Settings instance;
  return instance;
}

namespace detail {

constinit thread_local ThreadContext current_thread{};

void* FrameArena::allocate(std::size_t bytes) {
  constexpr std::size_t alignment = alignof(std::max_align_t);
  bytes = (bytes + alignment - 1) / alignment * alignment;
  while (true) {
    if (chunk_ == chunks_.size()) {
      const std::size_t size = std::max(chunk_bytes, bytes);
      chunks_.push_back(std::make_unique<std::byte[]>(size));
      chunk_sizes_.push_back(size);
    }
    if (used_ + bytes <= chunk_sizes_[chunk_]) {
      void* frame = chunks_[chunk_].get() + used_;
      used_ += bytes;
      return frame;
    }
    ++chunk_;
    used_ = 0;
  }
}

namespace {

// The limits of compute capability 9.0, which the emulator imitates.
constexpr unsigned max_threads_per_block = 1024;
constexpr Dim3 max_block_dim{1024, 1024, 64};
constexpr Dim3 max_grid_dim{2147483647u, 65535, 65535};
constexpr std::size_t max_dynamic_shared_bytes = 232448;

std::string to_string(const Dim3& d) {
  return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + ")";
}

void validate(const LaunchConfig& c) {
  auto fail = [&](const std::string& why) {
    throw LaunchError("invalid launch configuration: grid " + to_string(c.grid) + ", block " +
                      to_string(c.block) + ": " + why);
  };
  if (c.grid.volume() == 0 || c.block.volume() == 0) fail("every extent must be at least 1");
  if (c.block.volume() > max_threads_per_block)
    fail("a block has at most " + std::to_string(max_threads_per_block) + " threads");
  if (c.block.x > max_block_dim.x || c.block.y > max_block_dim.y || c.block.z > max_block_dim.z)
    fail("block dimensions are limited to " + to_string(max_block_dim));
  if (c.grid.x > max_grid_dim.x || c.grid.y > max_grid_dim.y || c.grid.z > max_grid_dim.z)
    fail("grid dimensions are limited to " + to_string(max_grid_dim));
  if (c.dynamic_shared_bytes > max_dynamic_shared_bytes)
    fail("dynamic shared memory is limited to " + std::to_string(max_dynamic_shared_bytes) +
         " bytes per block");
  if (c.cluster.volume() != 1)
    fail("thread block clusters are not supported by this emulator build yet");
}

// "0-31, 64-95" for a sorted list of thread ranks.
std::string describe_ranks(std::vector<unsigned> ranks) {
  std::sort(ranks.begin(), ranks.end());
  std::ostringstream out;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    if (i != 0) out << ", ";
    out << ranks[i];
    if (j != i) out << "-" << ranks[j];
    i = j + 1;
  }
  return out.str();
}

std::string describe_site(const std::source_location& s) {
  std::string file = s.file_name();
  if (const auto slash = file.find_last_of('/'); slash != std::string::npos) file.erase(0, slash + 1);
  return file + ":" + std::to_string(s.line());
}

bool same_site(const std::source_location& a, const std::source_location& b) {
  return a.line() == b.line() && a.column() == b.column() &&
         std::string_view(a.file_name()) == std::string_view(b.file_name());
}

// Runs blocks one after another on the calling thread.
class BlockRunner {
 public:
  BlockRunner(const LaunchConfig& config, ThreadBody body, const void* closure)
      : config_(config), body_(body), closure_(closure) {
    const auto n = static_cast<unsigned>(config.block.volume());
    thread_index_.reserve(n);
    for (unsigned t = 0; t < n; ++t) thread_index_.push_back(unflatten(t, config.block));
  }

  void run(std::uint64_t linear_block) {
    ThreadContext& ctx = current_thread;
    ctx.block_idx = unflatten(linear_block, config_.grid);
    ctx.block_dim = Uint3{config_.block.x, config_.block.y, config_.block.z};
    ctx.grid_dim = Uint3{config_.grid.x, config_.grid.y, config_.grid.z};
    ctx.block = &state_;
    state_.frames.reset();
    state_.arrived.clear();
    state_.predicate_count = 0;
    exited_.clear();

    // First interval: start every thread; a coroutine kernel runs to its first barrier.
    const auto n = static_cast<unsigned>(thread_index_.size());
    for (unsigned t = 0; t < n; ++t) {
      const std::size_t waiting = state_.arrived.size();
      ctx.thread_idx = thread_index_[t];
      ctx.thread_rank = t;
      body_(closure_);
      if (state_.arrived.size() == waiting) exited_.push_back(t);
    }
    // Later intervals: release the barrier once every thread has reached the same one.
    while (!state_.arrived.empty()) {
      check_barrier(linear_block);
      resuming_.swap(state_.arrived);
      state_.arrived.clear();
      state_.released_count = state_.predicate_count;
      state_.predicate_count = 0;
      for (const BarrierArrival& a : resuming_) {
        const std::size_t waiting = state_.arrived.size();
        ctx.thread_idx = thread_index_[a.rank];
        ctx.thread_rank = a.rank;
        a.thread.resume();
        if (state_.arrived.size() == waiting) exited_.push_back(a.rank);
      }
    }
    ctx.block = nullptr;
  }

 private:
  // Every thread of the block must wait at the same barrier: a barrier that some threads
  // skip (they exited, or wait elsewhere) hangs or corrupts results on a GPU.
  void check_barrier(std::uint64_t linear_block) const {
    const auto& first = state_.arrived.front().site;
    const bool one_site = std::all_of(state_.arrived.begin(), state_.arrived.end(),
                                      [&](const BarrierArrival& a) { return same_site(a.site, first); });
    if (one_site && exited_.empty()) return;

    std::ostringstream message;
    message << "divergent __syncthreads() in kernel '" << first.function_name() << "', block "
            << to_string(Dim3{current_thread.block_idx}) << " (block " << linear_block
            << "): ";
    std::vector<std::source_location> sites;
    for (const auto& a : state_.arrived)
      if (std::none_of(sites.begin(), sites.end(), [&](const auto& s) { return same_site(s, a.site); }))
        sites.push_back(a.site);
    bool first_clause = true;
    for (const auto& site : sites) {
      std::vector<unsigned> ranks;
      for (const auto& a : state_.arrived)
        if (same_site(a.site, site)) ranks.push_back(a.rank);
      message << (first_clause ? "" : "; ") << "threads " << describe_ranks(ranks) << " wait at "
              << describe_site(site);
      first_clause = false;
    }
    if (!exited_.empty()) message << "; threads " << describe_ranks(exited_) << " have exited";
    message << ". Every thread of a block must reach the same __syncthreads().";
    throw KernelError(message.str());
  }

  const LaunchConfig& config_;
  ThreadBody body_;
  const void* closure_;
  std::vector<Uint3> thread_index_;
  BlockState state_;
  std::vector<BarrierArrival> resuming_;
  std::vector<unsigned> exited_;
};

}  // namespace

void run_grid(const LaunchConfig& config, ThreadBody body, const void* closure) {
  validate(config);
  const std::uint64_t blocks = config.grid.volume();
  unsigned workers = settings().worker_threads;
  if (workers == 0) workers = std::max(1u, std::thread::hardware_concurrency());
  workers = static_cast<unsigned>(std::min<std::uint64_t>(workers, blocks));

  // Blocks are handed out in order. On a failure, blocks after the failing one are skipped but
  // earlier ones still run, so the error reported (the lowest failing block's) does not depend
  // on the number of workers or on timing.
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> first_failure{std::numeric_limits<std::uint64_t>::max()};
  std::mutex error_mutex;
  std::exception_ptr error;

  auto work = [&] {
    BlockRunner runner(config, body, closure);
    for (std::uint64_t b = next.fetch_add(1); b < blocks; b = next.fetch_add(1)) {
      if (b > first_failure.load()) break;
      try {
        runner.run(b);
      } catch (...) {
        std::lock_guard lock(error_mutex);
        if (b < first_failure.load()) {
          first_failure.store(b);
          error = std::current_exception();
        }
      }
    }
  };
  if (workers <= 1) {
    work();
  } else {
    std::vector<std::jthread> pool;
    pool.reserve(workers - 1);
    for (unsigned w = 1; w < workers; ++w) pool.emplace_back(work);
    work();
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace detail
}  // namespace simt
