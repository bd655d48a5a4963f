#pragma once
/// @file
/// @brief The part of CUDA's cooperative groups the chapters use, for host-compiled kernels:
/// the thread block, the thread block cluster (with distributed shared memory) and the grid.
///
/// A group barrier is a suspension point on the host, so kernels write `SIMT_SYNC(cluster)`:
/// `cluster.sync()` on the GPU, an awaited barrier at that line here (simt/kernel.hpp).

#include <simt/detail/thread_context.hpp>
#include <simt/dim3.hpp>
#include <simt/host/barrier.hpp>
#include <simt/host/shared_memory.hpp>

#include <cstdint>
#include <source_location>

namespace simt::detail {
/// @brief Where `address` (in the running block's shared memory) lies in the block of
/// cluster rank `rank`; throws KernelError for a rank outside the cluster.
void* map_to_cluster_rank(const void* address, unsigned rank);

/// @brief What `group.sync()` gives on the host: nothing to wait on. A barrier must suspend
/// the thread, which only `co_await` can do, so kernels write `SIMT_SYNC(group)`.
// clang-format 14 mangles a struct with a [[nodiscard("...")]] message.
// clang-format off
struct [[nodiscard("on the emulator a group barrier is written SIMT_SYNC(group)")]] UnawaitedSync {
  template <class Never = void>
  bool await_ready() const {
    static_assert(sizeof(Never) == 0, "write SIMT_SYNC(group) for a group barrier");
    return false;
  }
};
// clang-format on
}  // namespace simt::detail

namespace cooperative_groups {

/// @brief The threads of the running block (`cg::this_thread_block()`).
class thread_block {
 public:
  /// @brief The block barrier, like `__syncthreads()`: in a kernel, write `SIMT_SYNC(block)`.
  [[nodiscard]] simt::detail::UnawaitedSync sync() const { return {}; }
  /// @brief Linear index of the thread in the block.
  [[nodiscard]] unsigned thread_rank() const { return simt::detail::thread_rank(); }
  /// @brief `blockIdx`.
  [[nodiscard]] simt::Dim3 group_index() const { return simt::detail::current_thread.block_idx; }
  /// @brief `threadIdx`.
  [[nodiscard]] simt::Dim3 thread_index() const { return simt::detail::current_thread.slot->index; }
  /// @brief `blockDim`.
  [[nodiscard]] simt::Dim3 dim_threads() const { return simt::detail::current_thread.block_dim; }
  /// @brief Threads in the block.
  [[nodiscard]] unsigned num_threads() const {
    return static_cast<unsigned>(dim_threads().volume());
  }
  /// @brief Same as num_threads().
  [[nodiscard]] unsigned size() const { return num_threads(); }
};

/// @brief The blocks of the running thread block cluster (`cg::this_cluster()`).
class cluster_group {
 public:
  /// @brief The cluster barrier: every thread of every block of the cluster waits, and
  /// shared-memory writes before it are visible to all of them after it. In a kernel, write
  /// `SIMT_SYNC(cluster)`.
  [[nodiscard]] simt::detail::UnawaitedSync sync() const { return {}; }
  /// @brief Rank of the running block in its cluster (row-major over the cluster shape).
  [[nodiscard]] unsigned block_rank() const {
    return simt::detail::current_thread.block->rank_in_cluster;
  }
  /// @brief Position of the running block inside its cluster.
  [[nodiscard]] simt::Dim3 block_index() const {
    const auto& b = simt::detail::current_thread.block_idx;
    const auto d = dim_blocks();
    return {b.x % d.x, b.y % d.y, b.z % d.z};
  }
  /// @brief The cluster's shape in blocks.
  [[nodiscard]] simt::Dim3 dim_blocks() const {
    return simt::detail::current_thread.cluster->cluster_dim;
  }
  /// @brief Blocks in the cluster.
  [[nodiscard]] unsigned num_blocks() const { return static_cast<unsigned>(dim_blocks().volume()); }
  /// @brief Threads in the cluster.
  [[nodiscard]] unsigned num_threads() const {
    return num_blocks() *
           static_cast<unsigned>(simt::Dim3(simt::detail::current_thread.block_dim).volume());
  }
  /// @brief Linear index of the thread in the cluster.
  [[nodiscard]] unsigned thread_rank() const {
    return block_rank() *
               static_cast<unsigned>(simt::Dim3(simt::detail::current_thread.block_dim).volume()) +
           simt::detail::thread_rank();
  }
  /// @brief Same as num_threads().
  [[nodiscard]] unsigned size() const { return num_threads(); }
  /// @brief The same shared-memory location in the block of rank `rank` (distributed
  /// shared memory).
  template <class T>
  [[nodiscard]] simt::shared_pointer<T> map_shared_rank(simt::shared_pointer<T> address,
                                                        unsigned rank) const {
    return simt::shared_pointer<T>(
        static_cast<T*>(simt::detail::map_to_cluster_rank(address.address(), rank)));
  }
};

/// @brief All threads of the launch (`cg::this_grid()`), for their global rank.
class grid_group {
 public:
  /// @brief Linear index of the thread in the grid (block-major).
  [[nodiscard]] unsigned long long thread_rank() const {
    const auto& c = simt::detail::current_thread;
    return c.block->linear * simt::Dim3(c.block_dim).volume() + c.slot->rank;
  }
  /// @brief Threads in the grid.
  [[nodiscard]] unsigned long long num_threads() const {
    const auto& c = simt::detail::current_thread;
    return simt::Dim3(c.grid_dim).volume() * simt::Dim3(c.block_dim).volume();
  }
  /// @brief Same as num_threads().
  [[nodiscard]] unsigned long long size() const { return num_threads(); }
};

/// @brief The running thread's block.
inline thread_block this_thread_block() { return {}; }
/// @brief The running thread's cluster (a plain launch has clusters of one block).
inline cluster_group this_cluster() { return {}; }
/// @brief The whole grid.
inline grid_group this_grid() { return {}; }

}  // namespace cooperative_groups

namespace simt::detail {
/// @brief The barrier `SIMT_SYNC(block)` awaits: the block's, at the place `Where` names.
template <class Where>
Barrier group_barrier(const cooperative_groups::thread_block&) {
  return {&barrier_site<Where, BarrierKind::block>};
}
/// @brief The barrier `SIMT_SYNC(cluster)` awaits: the cluster's, at the place `Where` names.
template <class Where>
Barrier group_barrier(const cooperative_groups::cluster_group&) {
  return {&barrier_site<Where, BarrierKind::cluster>};
}
}  // namespace simt::detail
