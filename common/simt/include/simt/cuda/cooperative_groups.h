#pragma once
/// @file
/// @brief CUDA's cooperative groups for kernels compiled by the host compiler: the thread block,
/// the thread block cluster (with distributed shared memory) and the grid (tiles, coalesced
/// groups and `thread_group` are in cooperative_groups_tiles.hpp).
///
/// A kernel file includes `<cooperative_groups.h>` as for nvcc; simt-translate points that
/// include here. A group's `sync()` is a suspension point: the translation writes
/// `g.sync()` as `(co_await g.sync(SIMT_SITE("g.sync()")))`, so in the compiled translation
/// sync() takes its place and returns the barrier the thread awaits.

#include <simt/cuda/builtins.hpp>
#include <simt/dim3.hpp>

#if !defined(SIMT_TRANSLATING)
#include <simt/detail/barriers.hpp>
#include <simt/detail/shared_variables.hpp>
#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#endif

namespace cooperative_groups {

#if defined(SIMT_TRANSLATING)
#define SIMT_GROUP_SYNC SIMT_SUSPENDS void sync() const;
#else
#define SIMT_GROUP_SYNC(kind)                                                             \
  template <class Where>                                                                  \
  ::simt::detail::BarrierAt<Where, ::simt::detail::BarrierKind::kind> sync(Where) const { \
    return {};                                                                            \
  }
#endif

namespace details {
/// @brief Threads in the running block.
inline unsigned threads_per_block() {
#if defined(SIMT_TRANSLATING)
  return 0;
#else
  return static_cast<unsigned>(simt::Dim3(simt::detail::current_thread.block_dim).volume());
#endif
}
}  // namespace details

/// @brief The threads of the running block (`cg::this_thread_block()`).
class thread_block {
 public:
#if defined(SIMT_TRANSLATING)
  SIMT_GROUP_SYNC
#else
  /// @brief The block barrier, like `__syncthreads()`.
  SIMT_GROUP_SYNC(block)
#endif
  /// @brief Linear index of the thread in the block.
  [[nodiscard]] unsigned thread_rank() const;
  /// @brief `blockIdx`.
  [[nodiscard]] dim3 group_index() const;
  /// @brief `threadIdx`.
  [[nodiscard]] dim3 thread_index() const;
  /// @brief `blockDim`.
  [[nodiscard]] dim3 dim_threads() const;
  /// @brief Same as dim_threads() (older name).
  [[nodiscard]] dim3 group_dim() const { return dim_threads(); }
  /// @brief Threads in the block.
  [[nodiscard]] unsigned num_threads() const { return details::threads_per_block(); }
  /// @brief Same as num_threads().
  [[nodiscard]] unsigned size() const { return num_threads(); }
};

/// @brief The blocks of the running thread block cluster (`cg::this_cluster()`).
class cluster_group {
 public:
#if defined(SIMT_TRANSLATING)
  SIMT_GROUP_SYNC
#else
  /// @brief The cluster barrier: every thread of every block of the cluster waits, and
  /// shared-memory writes before it are visible to all of them after it.
  SIMT_GROUP_SYNC(cluster)
#endif
  /// @brief Rank of the running block in its cluster (row-major over the cluster shape).
  [[nodiscard]] unsigned block_rank() const;
  /// @brief Position of the running block inside its cluster.
  [[nodiscard]] dim3 block_index() const;
  /// @brief The cluster's shape in blocks.
  [[nodiscard]] dim3 dim_blocks() const;
  /// @brief Blocks in the cluster.
  [[nodiscard]] unsigned num_blocks() const {
    const dim3 d = dim_blocks();
    return d.x * d.y * d.z;
  }
  /// @brief Threads in the cluster.
  [[nodiscard]] unsigned num_threads() const { return num_blocks() * details::threads_per_block(); }
  /// @brief Linear index of the thread in the cluster.
  [[nodiscard]] unsigned thread_rank() const {
    return block_rank() * details::threads_per_block() + thread_block{}.thread_rank();
  }
  /// @brief Same as num_threads().
  [[nodiscard]] unsigned size() const { return num_threads(); }
  /// @brief The same shared-memory location in the block of rank `rank` (distributed shared
  /// memory).
  template <class T>
  [[nodiscard]] T* map_shared_rank(T* address, unsigned rank) const;
  /// @brief The same shared variable in the block of rank `rank`.
  template <class T>
  [[nodiscard]] T& map_shared_rank(T& variable, unsigned rank) const {
    return *map_shared_rank(&variable, rank);
  }
};

/// @brief All threads of the launch (`cg::this_grid()`).
class grid_group {
 public:
#if defined(SIMT_TRANSLATING)
  SIMT_GROUP_SYNC
#else
  /// @brief The grid barrier: every thread of every block waits (a cooperative launch only).
  SIMT_GROUP_SYNC(grid)
#endif
  /// @brief Linear index of the thread in the grid (block-major).
  [[nodiscard]] unsigned long long thread_rank() const;
  /// @brief Threads in the grid.
  [[nodiscard]] unsigned long long num_threads() const;
  /// @brief Same as num_threads().
  [[nodiscard]] unsigned long long size() const { return num_threads(); }
  /// @brief Linear index of the block in the grid.
  [[nodiscard]] unsigned long long block_rank() const;
  /// @brief Blocks in the grid.
  [[nodiscard]] unsigned long long num_blocks() const;
  /// @brief `gridDim`.
  [[nodiscard]] dim3 dim_blocks() const;
  /// @brief `blockIdx`.
  [[nodiscard]] dim3 block_index() const { return thread_block{}.group_index(); }
  /// @brief Whether the launch was cooperative (only then may the grid synchronise).
  [[nodiscard]] bool is_valid() const;
};

#undef SIMT_GROUP_SYNC

/// @brief The running thread's block.
inline thread_block this_thread_block() { return {}; }
/// @brief The running thread's cluster (a plain launch has clusters of one block).
inline cluster_group this_cluster() { return {}; }
/// @brief The whole grid.
inline grid_group this_grid() { return {}; }

#if defined(SIMT_TRANSLATING)
/// @brief `group.sync()`.
template <class Group>
SIMT_SUSPENDS void sync(const Group& group);
#else
/// @brief `group.sync()`.
template <class Where, class Group>
auto sync(Where where, const Group& group) {
  return group.sync(where);
}

inline unsigned thread_block::thread_rank() const { return simt::detail::thread_rank(); }
inline dim3 thread_block::group_index() const {
  const auto& i = simt::detail::current_thread.block_idx;
  return {i.x, i.y, i.z};
}
inline dim3 thread_block::thread_index() const {
  const auto& i = simt::detail::current_thread.slot->index;
  return {i.x, i.y, i.z};
}
inline dim3 thread_block::dim_threads() const {
  const auto& d = simt::detail::current_thread.block_dim;
  return {d.x, d.y, d.z};
}

inline unsigned cluster_group::block_rank() const {
  return simt::detail::current_thread.block->rank_in_cluster;
}
inline dim3 cluster_group::block_index() const {
  const auto& b = simt::detail::current_thread.block_idx;
  const dim3 d = dim_blocks();
  return {b.x % d.x, b.y % d.y, b.z % d.z};
}
inline dim3 cluster_group::dim_blocks() const {
  const auto& d = simt::detail::current_thread.unit->cluster_dim;
  return {d.x, d.y, d.z};
}
template <class T>
T* cluster_group::map_shared_rank(T* address, unsigned rank) const {
  return static_cast<T*>(simt::detail::map_to_cluster_rank(address, rank));
}

inline unsigned long long grid_group::thread_rank() const {
  return block_rank() * details::threads_per_block() + simt::detail::thread_rank();
}
inline unsigned long long grid_group::num_threads() const {
  return num_blocks() * details::threads_per_block();
}
inline unsigned long long grid_group::block_rank() const {
  return simt::detail::current_thread.block->linear;
}
inline unsigned long long grid_group::num_blocks() const {
  return simt::Dim3(simt::detail::current_thread.grid_dim).volume();
}
inline dim3 grid_group::dim_blocks() const {
  const auto& d = simt::detail::current_thread.grid_dim;
  return {d.x, d.y, d.z};
}
inline bool grid_group::is_valid() const { return simt::detail::current_thread.unit->cooperative; }
#endif

}  // namespace cooperative_groups

#include <simt/cuda/cooperative_groups_tiles.hpp>
