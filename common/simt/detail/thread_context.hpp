#pragma once
/// @file
/// @brief The emulator's per-worker state: which GPU thread is running now, and its block.

#include <simt/dim3.hpp>

#include <coroutine>
#include <cstddef>
#include <memory>
#include <source_location>
#include <vector>

namespace simt::detail {

/// @brief Bump allocator for coroutine frames: one per worker, reset before each block, so
/// running a block allocates nothing from the heap once the first blocks have warmed it up.
class FrameArena {
 public:
  /// @brief `bytes` of storage aligned for any coroutine frame; valid until reset().
  void* allocate(std::size_t bytes);
  /// @brief Forgets every frame handed out; keeps the memory for the next block.
  void reset() noexcept {
    chunk_ = 0;
    used_ = 0;
  }

 private:
  static constexpr std::size_t chunk_bytes = std::size_t{1} << 20;
  std::vector<std::unique_ptr<std::byte[]>> chunks_;
  std::vector<std::size_t> chunk_sizes_;
  std::size_t chunk_ = 0;
  std::size_t used_ = 0;
};

/// @brief One GPU thread that has suspended at a barrier.
struct BarrierArrival {
  std::coroutine_handle<> thread;  ///< Resumes the thread after the barrier.
  unsigned rank;                   ///< The thread's linear index in its block.
  std::source_location site;       ///< Where in the kernel the thread waits.
};

/// @brief The bookkeeping of the block being run: who waits at the barrier, and frame memory.
struct BlockState {
  std::vector<BarrierArrival> arrived;  ///< Threads suspended at the current barrier.
  int predicate_count = 0;              ///< Sum of `__syncthreads_count` predicates so far.
  int released_count = 0;               ///< The count the last released barrier returns.
  FrameArena frames;                    ///< Coroutine frames of this block's threads.
};

/// @brief The GPU thread the current worker is running: what `threadIdx` and friends read.
struct ThreadContext {
  Uint3 thread_idx;            ///< `threadIdx`
  Uint3 block_idx;             ///< `blockIdx`
  Uint3 block_dim;             ///< `blockDim`
  Uint3 grid_dim;              ///< `gridDim`
  unsigned thread_rank = 0;    ///< Linear index of the thread within its block.
  BlockState* block = nullptr; ///< The block being run.
};

/// @brief The running thread of this worker (a trivial type, so access needs no TLS wrapper).
extern constinit thread_local ThreadContext current_thread;

}  // namespace simt::detail
