/// @file
/// @brief The emulator's grid runner: clusters of blocks spread over worker threads; within a
/// cluster, every GPU thread is resumed barrier interval by barrier interval.

#include <simt/detail/shared_memory_checks.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/launch.hpp>

#include <algorithm>
#include <atomic>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace simt {

Settings& settings() {
  static Settings instance;
  return instance;
}

namespace detail {

constinit thread_local ThreadContext current_thread{};

void* FrameArena::allocate_in_next_chunk(std::size_t bytes) {
  // Move on to the first chunk (after the current one) that has room, adding one if none has.
  std::size_t chunk = next_ == nullptr ? 0 : chunk_ + 1;
  while (chunk < chunks_.size() && chunks_[chunk].size < bytes) ++chunk;
  if (chunk == chunks_.size()) {
    const std::size_t size = std::max(chunk_bytes, bytes);
    chunks_.push_back({std::make_unique<std::byte[]>(size), size});
  }
  chunk_ = chunk;
  next_ = chunks_[chunk].begin.get() + bytes;
  free_ = chunks_[chunk].size - bytes;
  return chunks_[chunk].begin.get();
}

int device_printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list copy;
  va_copy(copy, args);
  const int length = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  if (length > 0) {
    std::string& out = current_thread.block->printed;
    const std::size_t at = out.size();
    out.resize(at + static_cast<std::size_t>(length) + 1);
    std::vsnprintf(out.data() + at, static_cast<std::size_t>(length) + 1, format, args);
    out.resize(at + static_cast<std::size_t>(length));
  }
  va_end(args);
  return length;
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
                      to_string(c.block) + ", cluster " + to_string(c.cluster) + ": " + why);
  };
  if (c.grid.volume() == 0 || c.block.volume() == 0 || c.cluster.volume() == 0)
    fail("every extent must be at least 1");
  if (c.block.volume() > max_threads_per_block)
    fail("a block has at most " + std::to_string(max_threads_per_block) + " threads");
  if (c.block.x > max_block_dim.x || c.block.y > max_block_dim.y || c.block.z > max_block_dim.z)
    fail("block dimensions are limited to " + to_string(max_block_dim));
  if (c.grid.x > max_grid_dim.x || c.grid.y > max_grid_dim.y || c.grid.z > max_grid_dim.z)
    fail("grid dimensions are limited to " + to_string(max_grid_dim));
  if (c.dynamic_shared_bytes > max_dynamic_shared_bytes)
    fail("dynamic shared memory is limited to " + std::to_string(max_dynamic_shared_bytes) +
         " bytes per block");
  const unsigned cluster_limit =
      c.non_portable_cluster_size_allowed ? max_cluster_size : max_portable_cluster_size;
  if (c.cluster.volume() > cluster_limit)
    fail("a cluster has at most " + std::to_string(cluster_limit) + " blocks" +
         (c.non_portable_cluster_size_allowed
              ? ""
              : " (16 with the non-portable cluster size attribute)"));
  if (c.grid.x % c.cluster.x != 0 || c.grid.y % c.cluster.y != 0 || c.grid.z % c.cluster.z != 0)
    fail("the grid must be a whole number of clusters in every dimension");
}

// "0-31, 64-95" for a list of thread ranks.
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

// The kernel a barrier is in, named as the other messages name it ("void ns::Kernel(args)").
// A barrier's location is taken inside a lambda written at the barrier
// (simt::detail::barrier_site), so its function name is the kernel's signature without the
// return type (kernels return void), followed by the lambda's.
std::string kernel_of(const BarrierSite& b) {
  std::string name = b.site.function_name();
  constexpr std::string_view lambda = "::<lambda()>";
  if (name.ends_with(lambda)) name = "void " + name.erase(name.size() - lambda.size());
  return name;
}

std::string describe_site(const BarrierSite& b) {
  std::string file = b.site.file_name();
  if (const auto slash = file.find_last_of('/'); slash != std::string::npos)
    file.erase(0, slash + 1);
  return std::string(b.kind == BarrierKind::block ? "__syncthreads() at " : "cluster.sync() at ") +
         file + ":" + std::to_string(b.site.line());
}

// Which barrier each waiting thread of `b` is at: the interval's first barrier, unless the
// thread is listed among the strays. (After an interval every thread of a block has either
// exited or suspended at a barrier, so the waiting threads are those that did not exit.)
std::vector<std::pair<unsigned, const BarrierSite*>> waiting_threads(const BlockState& b) {
  std::vector<std::pair<unsigned, const BarrierSite*>> threads;
  if (b.barrier == nullptr) return threads;
  const auto rank_count = static_cast<unsigned>(b.slots.size() - 1);
  for (unsigned rank = 0; rank < rank_count; ++rank) {
    if (std::find(b.exited.begin(), b.exited.end(), rank) != b.exited.end()) continue;
    const BarrierSite* where = b.barrier;
    for (const StrayArrival& s : b.strays)
      if (s.rank == rank) where = s.where;
    threads.emplace_back(rank, where);
  }
  return threads;
}

// Runs clusters one after another on the calling thread (a plain launch: clusters of one).
class ClusterRunner {
 public:
  ClusterRunner(const LaunchConfig& config, ThreadBody body, const void* closure)
      : config_(config), body_(body), closure_(closure) {
    const auto n = static_cast<unsigned>(config.block.volume());
    state_.cluster_dim = config.cluster;
    state_.blocks.resize(static_cast<std::size_t>(config.cluster.volume()));
    // Rank order, then the slot that hands control back to the runner. Until a thread has
    // started, its slot's handle is a no-op too: a thread that suspends before the next one
    // exists returns to the loop that starts them.
    rank_order_.reserve(n + 1);
    for (unsigned t = 0; t < n; ++t)
      rank_order_.push_back({std::noop_coroutine(), unflatten(t, config.block), t});
    rank_order_.push_back({std::noop_coroutine(), Uint3{}, n});
    for (BlockState& b : state_.blocks) {
      b.slots = rank_order_;
      b.shared.static_bytes = std::make_unique<std::byte[]>(StaticLayout::capacity);
      b.shared.dynamic_size = config.dynamic_shared_bytes;
      b.shared.dynamic_bytes =
          std::make_unique<std::byte[]>(std::max<std::size_t>(config.dynamic_shared_bytes, 1));
    }
    clusters_grid_ = Dim3(config.grid.x / config.cluster.x, config.grid.y / config.cluster.y,
                          config.grid.z / config.cluster.z);
    const Settings& s = settings();
    state_.diagnostics = s.diagnostics;
    state_.counting = s.count_bank_conflicts;
    state_.checking = s.diagnostics || s.count_bank_conflicts;
    state_.threads_per_block = n;
    shuffle_seed_ = s.shuffle_seed;
  }

  [[nodiscard]] const SharedCounts& counts() const { return state_.counts; }

  [[nodiscard]] std::uint64_t clusters() const { return clusters_grid_.volume(); }

  // Runs cluster `linear_cluster`; appends what its blocks printed to `printed` by block index.
  void run(std::uint64_t linear_cluster, std::map<std::uint64_t, std::string>& printed) {
    ThreadContext& ctx = current_thread;
    ctx.block_dim = Uint3{config_.block.x, config_.block.y, config_.block.z};
    ctx.grid_dim = Uint3{config_.grid.x, config_.grid.y, config_.grid.z};
    ctx.cluster = &state_;
    ctx.checking = state_.checking;
    state_.frames.reset();

    const Uint3 cluster_idx = unflatten(linear_cluster, clusters_grid_);
    for (unsigned r = 0; r < state_.blocks.size(); ++r) {
      BlockState& b = state_.blocks[r];
      const Uint3 in_cluster = unflatten(r, config_.cluster);
      b.block_idx = Uint3{cluster_idx.x * config_.cluster.x + in_cluster.x,
                          cluster_idx.y * config_.cluster.y + in_cluster.y,
                          cluster_idx.z * config_.cluster.z + in_cluster.z};
      b.linear =
          b.block_idx.x + std::uint64_t{config_.grid.x} *
                              (b.block_idx.y + std::uint64_t{config_.grid.y} * b.block_idx.z);
      b.rank_in_cluster = r;
      b.barrier = nullptr;
      b.strays.clear();
      b.exited.clear();
      b.predicate_count = 0;
      b.printed.clear();
      begin_block_checks(state_, b);
      if (shuffle_seed_) {
        std::copy(rank_order_.begin(), rank_order_.end(), b.slots.begin());
        shuffle(b);
      }
      // Shared memory starts as poison, as uninitialised as on the GPU but recognisable.
      std::memset(b.shared.static_bytes.get(), static_cast<int>(shared_poison), state_.layout.used);
      std::memset(b.shared.dynamic_bytes.get(), static_cast<int>(shared_poison),
                  b.shared.dynamic_size);
    }

    // First interval: start every thread of every block; coroutines run to their first barrier.
    for (BlockState& b : state_.blocks) {
      enter(b);
      for (unsigned t = 0; t < state_.threads_per_block; ++t) {
        // The next thread has not started: if this one suspends, it hands control back here.
        b.slots[t + 1].thread = std::noop_coroutine();
        ctx.slot = &b.slots[t];
        body_(closure_);
      }
      // A kernel without barriers is a plain function: all its threads have simply returned.
      if (b.barrier == nullptr && b.exited.empty())
        for (unsigned t = 0; t < state_.threads_per_block; ++t) b.exited.push_back(t);
      b.alive = b.exited.size() < state_.threads_per_block;
    }
    // Then: advance each block through its __syncthreads() barriers; when every thread of the
    // cluster waits at cluster.sync(), release them all.
    while (true) {
      bool anyone_waiting = false;
      for (BlockState& b : state_.blocks) {
        while (block_barrier_complete(b)) release(b);
        anyone_waiting |= b.barrier != nullptr;
      }
      if (!anyone_waiting) break;
      check_cluster_barrier();
      for (BlockState& b : state_.blocks) release(b);
    }
    for (BlockState& b : state_.blocks) {
      end_interval(state_, b);  // the last interval, up to the end of the kernel
      if (!b.printed.empty()) printed[b.linear] += b.printed;
    }
    ctx.block = nullptr;
    ctx.cluster = nullptr;
    ctx.slot = nullptr;
  }

 private:
  void enter(BlockState& b) {
    current_thread.block = &b;
    current_thread.block_idx = b.block_idx;
  }

  // All threads of the block wait at one __syncthreads(), and none has exited: release it.
  // Anything else at a block barrier is an error; threads at cluster.sync() wait for the rest.
  bool block_barrier_complete(const BlockState& b) const {
    if (b.barrier == nullptr) return false;
    if (!b.strays.empty()) report_divergence(b);
    if (b.barrier->kind != BarrierKind::block) return false;
    if (!b.exited.empty()) report_divergence(b);
    return true;
  }

  void check_cluster_barrier() const {
    for (const BlockState& b : state_.blocks)
      if (!b.exited.empty() || b.barrier == nullptr || !b.strays.empty() ||
          !same_barrier(*b.barrier, *state_.blocks.front().barrier))
        report_divergence(b);
  }

  // Resumes every thread waiting in `b` (all of its threads: a release needs them all).
  // Resuming the first runs the whole interval: each thread runs to its next barrier or to the
  // end, then jumps to the thread of the next slot; the last slot returns here.
  void release(BlockState& b) {
    enter(b);
    end_interval(state_, b);
    b.barrier = nullptr;
    b.strays.clear();
    b.released_count = b.predicate_count;
    b.predicate_count = 0;
    if (shuffle_seed_) shuffle(b);
    current_thread.slot = b.slots.data();
    b.slots.front().thread.resume();
    b.alive = b.exited.size() < state_.threads_per_block;
  }

  // With a shuffle seed: a new order of the block's threads for the coming interval, from the
  // seed, the block and the interval.
  void shuffle(BlockState& b) {
    std::mt19937_64 random(*shuffle_seed_ ^ (b.linear * 0x9E3779B97F4A7C15ull) ^
                           (std::uint64_t{b.interval} << 40));
    std::shuffle(b.slots.begin(), b.slots.end() - 1, random);
  }

  // Every thread must reach the same barrier: one that some threads skip (they exited, or
  // wait elsewhere) hangs or corrupts results on a GPU. Names the kernel, block and threads.
  [[noreturn]] void report_divergence(const BlockState& b) const {
    const BlockState* named = &b;
    for (const BlockState& other : state_.blocks)
      if (named->barrier == nullptr && other.barrier != nullptr) named = &other;
    std::ostringstream message;
    message << "divergent barrier in kernel '"
            << (named->barrier == nullptr ? "?" : kernel_of(*named->barrier)) << "'";
    for (const BlockState& blk : state_.blocks) {
      message << "; block " << to_string(Dim3{blk.block_idx}) << ":";
      const auto waiting = waiting_threads(blk);
      std::vector<const BarrierSite*> sites;
      for (const auto& [rank, where] : waiting)
        if (std::none_of(sites.begin(), sites.end(),
                         [&](const auto* s) { return same_barrier(*s, *where); }))
          sites.push_back(where);
      const char* separator = " ";
      for (const auto& site : sites) {
        std::vector<unsigned> ranks;
        for (const auto& [rank, where] : waiting)
          if (same_barrier(*where, *site)) ranks.push_back(rank);
        message << separator << "threads " << describe_ranks(ranks) << " wait at "
                << describe_site(*site);
        separator = ", ";
      }
      if (!blk.exited.empty())
        message << separator << "threads " << describe_ranks(blk.exited) << " have exited";
    }
    message << ". Every thread of a block must reach the same __syncthreads(), and every thread "
               "of a cluster the same cluster.sync().";
    throw KernelError(message.str());
  }

  const LaunchConfig& config_;
  ThreadBody body_;
  const void* closure_;
  std::vector<ThreadSlot> rank_order_;  // the slots of a block that has not started
  Dim3 clusters_grid_;
  ClusterState state_;
  std::optional<std::uint64_t> shuffle_seed_;
};

}  // namespace

void run_grid(const LaunchConfig& config, ThreadBody body, const void* closure) {
  validate(config);
  const std::uint64_t clusters =
      Dim3(config.grid.x / config.cluster.x, config.grid.y / config.cluster.y,
           config.grid.z / config.cluster.z)
          .volume();
  unsigned workers = settings().worker_threads;
  if (workers == 0) workers = std::max(1u, std::thread::hardware_concurrency());
  workers = static_cast<unsigned>(std::min<std::uint64_t>(workers, clusters));

  // Clusters are handed out in order. On a failure, later clusters are skipped but earlier
  // ones still run, so the error reported (the lowest failing cluster's) does not depend on
  // the number of workers or on timing.
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> first_failure{std::numeric_limits<std::uint64_t>::max()};
  std::mutex mutex;
  std::exception_ptr error;
  std::map<std::uint64_t, std::string> printed;  // block index -> output
  bool first_worker = true;

  auto work = [&] {
    ClusterRunner runner(config, body, closure);
    std::map<std::uint64_t, std::string> mine;
    for (std::uint64_t c = next.fetch_add(1); c < clusters; c = next.fetch_add(1)) {
      if (c > first_failure.load()) break;
      try {
        runner.run(c, mine);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (c < first_failure.load()) {
          first_failure.store(c);
          error = std::current_exception();
        }
      }
    }
    std::lock_guard lock(mutex);
    printed.merge(mine);
    publish_counters(runner.counts(), first_worker);
    first_worker = false;
  };
  if (workers <= 1) {
    work();
  } else {
    std::vector<std::jthread> pool;
    pool.reserve(workers - 1);
    for (unsigned w = 1; w < workers; ++w) pool.emplace_back(work);
    work();
  }
  for (const auto& [block, text] : printed) std::fwrite(text.data(), 1, text.size(), stdout);
  if (!printed.empty()) std::fflush(stdout);
  if (error) std::rethrow_exception(error);
}

}  // namespace detail
}  // namespace simt
