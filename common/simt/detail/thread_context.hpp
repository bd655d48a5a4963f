#pragma once
/// @file
/// @brief The emulator's per-worker state: the cluster being run, its blocks, and which GPU
/// thread runs now. Internal to the emulator; kernels see it through CUDA's names.

#include <simt/dim3.hpp>

#include <coroutine>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <source_location>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace simt::detail {

/// @brief Bump allocator for coroutine frames: one per worker, reset before each cluster, so
/// running blocks allocates nothing from the heap once the first ones have warmed it up.
class FrameArena {
 public:
  /// @brief `bytes` of storage aligned for any coroutine frame; valid until reset(). Every
  /// thread of every block allocates one frame, so the common case is inline: a bump.
  void* allocate(std::size_t bytes) {
    bytes = (bytes + alignment - 1) / alignment * alignment;
    if (bytes <= free_) [[likely]] {
      void* frame = next_;
      next_ += bytes;
      free_ -= bytes;
      return frame;
    }
    return allocate_in_next_chunk(bytes);
  }
  /// @brief Forgets every frame handed out; keeps the memory for the next cluster.
  void reset() noexcept {
    chunk_ = 0;
    next_ = chunks_.empty() ? nullptr : chunks_.front().begin.get();
    free_ = chunks_.empty() ? 0 : chunks_.front().size;
  }

 private:
  static constexpr std::size_t alignment = alignof(std::max_align_t);
  static constexpr std::size_t chunk_bytes = std::size_t{1} << 20;
  struct Chunk {
    std::unique_ptr<std::byte[]> begin;
    std::size_t size;
  };
  void* allocate_in_next_chunk(std::size_t bytes);
  std::vector<Chunk> chunks_;
  std::size_t chunk_ = 0;      ///< The chunk next_ points into (when there is one).
  std::byte* next_ = nullptr;  ///< Where the next frame goes.
  std::size_t free_ = 0;       ///< Bytes left after next_ in the current chunk.
};

/// @brief Which barrier a thread waits at.
enum class BarrierKind : std::uint8_t {
  block,    ///< `__syncthreads()` / `this_thread_block().sync()`
  cluster,  ///< `this_cluster().sync()`
};

/// @brief A barrier in the kernel's source: its kind and where it is. Each barrier of a kernel
/// has one such object with static storage (simt::detail::barrier_site), so threads at the
/// same barrier compare equal by address.
struct BarrierSite {
  BarrierKind kind = BarrierKind::block;  ///< Block or cluster barrier.
  std::source_location site;              ///< Where in the kernel the barrier is.
};

/// @brief Whether two source locations are the same place. One std::source_location::current()
/// call site yields the same object every time, so equal implementation pointers (libstdc++
/// keeps exactly one) settle it at once; otherwise compare file, line and column.
inline bool same_location(const std::source_location& a, const std::source_location& b) noexcept {
  if constexpr (sizeof(std::source_location) == sizeof(const void*)) {
    if (__builtin_bit_cast(const void*, a) == __builtin_bit_cast(const void*, b)) return true;
  }
  return a.line() == b.line() && a.column() == b.column() &&
         std::string_view(a.file_name()) == std::string_view(b.file_name());
}

/// @brief Whether two sites are the same barrier.
inline bool same_barrier(const BarrierSite& a, const BarrierSite& b) noexcept {
  return a.kind == b.kind && same_location(a.site, b.site);
}

/// @brief One GPU thread of a block, in the order the block's threads run in an interval.
/// A thread that suspends at a barrier hands the worker straight to the thread of the next
/// slot (symmetric transfer), so a barrier interval is one chain of jumps through the block.
struct ThreadSlot {
  std::coroutine_handle<> thread;  ///< The thread's coroutine (a no-op before it has started).
  Uint3 index;                     ///< Its `threadIdx`.
  unsigned rank = 0;               ///< Its linear index in the block.
};

/// @brief A thread that waits at a different barrier than the first thread that arrived in
/// the same interval (a divergent barrier, reported once the interval ends).
struct StrayArrival {
  unsigned rank;             ///< The thread's linear index in its block.
  const BarrierSite* where;  ///< The barrier it waits at.
};

/// @brief Poison written over shared memory before a block starts: uninitialised reads give
/// NaN for floats and -1 for integers, so tests notice them.
inline constexpr std::byte shared_poison{0xFF};

/// @brief A shared variable as declared: its name and where (for messages).
struct SharedVariable {
  const char* name = "";          ///< As written in the kernel.
  std::source_location declared;  ///< The SIMT_SHARED / SIMT_EXTERN_SHARED line.
  std::size_t offset = 0;         ///< Byte offset in its region.
  std::size_t bytes = 0;          ///< Size (0 for dynamic: the launch decides).
};

/// @brief The diagnostics' record of one 4-byte word of shared memory in the current barrier
/// interval: who wrote it and who read it (thread rank + 1; 0 = nobody), and when.
struct ShadowWord {
  std::uint32_t writer = 0, write_epoch = 0;
  std::uint32_t reader = 0, second_reader = 0, read_epoch = 0;
};

/// @brief One shared-memory access, kept until the end of its barrier interval for the bank
/// counters.
struct AccessRecord {
  std::uint32_t rank;  ///< Thread rank in the block.
  std::uint32_t k;     ///< The thread's k-th shared access in this interval.
  std::uint32_t word;  ///< First 4-byte word touched (its bank is word % 32).
  std::uint8_t words;  ///< Words touched (size / 4, at least 1).
  bool store;          ///< Store (true) or load.
};

/// @brief A block's shared memory: static `__shared__` variables, then `extern __shared__`.
struct SharedMemory {
  /// Static variables, at offsets the worker's StaticLayout assigns (at most 48 KiB, as on a GPU).
  std::unique_ptr<std::byte[]> static_bytes;
  /// Dynamic shared memory, sized by the launch.
  std::unique_ptr<std::byte[]> dynamic_bytes;
  std::size_t dynamic_size = 0;            ///< Bytes of dynamic shared memory.
  SharedVariable dynamic_variable;         ///< How the kernel named its `extern __shared__` array.
  std::vector<ShadowWord> static_shadow;   ///< Diagnostics: one entry per static word.
  std::vector<ShadowWord> dynamic_shadow;  ///< Diagnostics: one entry per dynamic word.
};

/// @brief Offsets of static `__shared__` variables, assigned in the order threads first
/// declare them; the same for every block run by one worker, so that a peer block's variable
/// is at the same offset (distributed shared memory).
struct StaticLayout {
  static constexpr std::size_t capacity = 48 * 1024;  ///< The GPU's static shared limit.
  std::vector<std::pair<const void*, SharedVariable>> variables;  ///< (declaration key, variable)
  std::size_t used = 0;                                           ///< Bytes assigned so far.
};

/// @brief The bookkeeping of one block of the cluster being run.
struct BlockState {
  Uint3 block_idx;               ///< `blockIdx` of this block.
  std::uint64_t linear = 0;      ///< Linear index of the block in the grid.
  unsigned rank_in_cluster = 0;  ///< `this_cluster().block_rank()`.
  /// The block's threads in the order they run, plus a last slot that returns to the runner.
  std::vector<ThreadSlot> slots;
  /// Where the interval's first thread to suspend waits (null: none has). In an interval every
  /// thread of the block runs until it suspends or exits, so the threads that did not exit
  /// are exactly those waiting: no count is needed.
  const BarrierSite* barrier = nullptr;
  std::vector<StrayArrival> strays;  ///< Those waiting elsewhere (a bug in the kernel).
  std::vector<unsigned> exited;      ///< Threads that returned.
  int predicate_count = 0;           ///< Sum of `__syncthreads_count` predicates so far.
  int released_count = 0;            ///< The count the last released barrier returns.
  SharedMemory shared;               ///< This block's shared memory.
  std::string printed;               ///< What the block's threads printed, in order.
  bool alive = true;                 ///< Some thread of the block has not exited yet.
  std::uint32_t epoch = 0;           ///< Diagnostics: the current barrier interval's stamp.
  std::uint32_t interval = 0;        ///< Barrier intervals completed by this block.
  const BarrierSite* last_barrier = nullptr;  ///< The barrier that began the current interval.
  std::vector<AccessRecord> accesses;         ///< Shared accesses of the current interval.
  std::vector<std::uint32_t> access_count;    ///< Per thread: shared accesses this interval.
};

/// @brief Shared-memory request counts of one launch (the bank-conflict counters).
struct SharedCounts {
  std::uint64_t load_requests = 0, load_wavefronts = 0, load_ideal = 0;
  std::uint64_t store_requests = 0, store_wavefronts = 0, store_ideal = 0;
};

/// @brief The cluster a worker runs: its blocks are co-scheduled (a plain launch is a
/// cluster of one block), so their threads may wait for each other and read each other's
/// shared memory.
struct ClusterState {
  Dim3 cluster_dim;                ///< Blocks per cluster along x, y, z.
  std::vector<BlockState> blocks;  ///< Indexed by rank in the cluster.
  StaticLayout layout;             ///< Static shared memory layout (per worker and launch).
  FrameArena frames;               ///< Coroutine frames of every thread of the cluster.
  bool checking = false;           ///< Diagnostics or counters on: shared accesses are recorded.
  bool diagnostics = false;        ///< Report races, out-of-bounds and after-exit accesses.
  bool counting = false;           ///< Count shared-memory requests and wavefronts.
  std::uint32_t next_epoch = 1;    ///< Stamps for barrier intervals, never reused by this worker.
  SharedCounts counts;             ///< This worker's counts for the launch.
  unsigned threads_per_block = 0;  ///< Threads in each block.
};

/// @brief The GPU thread the current worker is running: what `threadIdx` and friends read.
struct ThreadContext {
  ThreadSlot* slot = nullptr;       ///< The running thread: its `threadIdx` and rank.
  Uint3 block_idx;                  ///< `blockIdx`
  Uint3 block_dim;                  ///< `blockDim`
  Uint3 grid_dim;                   ///< `gridDim`
  BlockState* block = nullptr;      ///< The thread's block.
  ClusterState* cluster = nullptr;  ///< The thread's cluster.
  bool checking = false;            ///< Copy of cluster->checking: one load on every shared access.
};

/// @brief The running thread of this worker (a trivial type, so access needs no TLS wrapper).
extern constinit thread_local ThreadContext current_thread;

/// @brief Linear index of the running thread within its block.
inline unsigned thread_rank() noexcept { return current_thread.slot->rank; }

/// @brief Threads per warp: consecutive thread ranks 0-31, 32-63, ... form one warp.
inline constexpr unsigned warp_size = 32;
/// @brief The lane (position in its warp) of the thread of linear rank `rank` in its block.
constexpr unsigned lane_of(unsigned rank) { return rank % warp_size; }
/// @brief The warp, within its block, of the thread of linear rank `rank`.
constexpr unsigned warp_of(unsigned rank) { return rank / warp_size; }

}  // namespace simt::detail
