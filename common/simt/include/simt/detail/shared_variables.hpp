#pragma once
/// @file
/// @brief `__shared__` and `extern __shared__` declarations as the translation rewrites them:
/// a reference to the running block's copy of the variable. Internal.
///
/// `__shared__ float tile[32][33];` becomes
/// `float (&tile)[32][33] = *static_shared<...>(SIMT_SITE("tile"));`: the name still denotes an
/// array of the declared type, so indexing, `sizeof`, decay to a pointer, casts and references
/// to its elements all work as on the GPU, on memory that belongs to the block.

#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <cstddef>

namespace simt::detail {

/// @ingroup simt
/// @brief The running block's copy of the static shared variable declared at `Where` (of type T,
/// a scalar or an array), aligned to at least `alignment` bytes.
template <class T, class Where>
T* static_shared(Where, std::size_t alignment = alignof(T)) {
  UnitState& unit = *current_thread.unit;
  const std::size_t offset = unit.layout.offset_of(&site_at<Where>, sizeof(T),
                                                   alignment < alignof(T) ? alignof(T) : alignment);
  return reinterpret_cast<T*>(unit.arena.static_of(current_thread.block->arena_index) + offset);
}

/// @brief The running block's dynamic shared memory as `Array` (`T[]`), declared at `Where`.
template <class Array, class Where>
Array* dynamic_shared(Where) {
  UnitState& unit = *current_thread.unit;
  if (unit.dynamic_declared == nullptr) [[unlikely]]
    unit.dynamic_declared = &site_at<Where>;  // how messages name it
  return reinterpret_cast<Array*>(unit.arena.dynamic_of(current_thread.block->arena_index));
}

/// @brief The same shared-memory location in the block of cluster rank `rank` (distributed
/// shared memory); throws KernelError for a rank outside the cluster or an address outside the
/// calling block's shared memory.
void* map_to_cluster_rank(const void* address, unsigned rank);

}  // namespace simt::detail
