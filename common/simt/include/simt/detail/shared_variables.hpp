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
/// @brief The running block's copy of the static shared variable declared at `site` (of type T,
/// a scalar or an array), aligned to at least `alignment` bytes.
template <class T>
T* static_shared(const Site* site, std::size_t alignment = alignof(T)) {
  UnitState& unit = *current_thread.unit;
  const std::size_t offset =
      unit.layout.offset_of(site, sizeof(T), alignment < alignof(T) ? alignof(T) : alignment);
  return reinterpret_cast<T*>(unit.arena.static_of(current_thread.block->arena_index) + offset);
}

/// @brief Notes the name of the kernel's dynamic shared memory (for messages).
void name_dynamic_shared(const Site* site);

/// @brief The running block's dynamic shared memory as `Array` (`T[]`), declared at `site`.
template <class Array>
Array* dynamic_shared(const Site* site) {
  name_dynamic_shared(site);
  return reinterpret_cast<Array*>(
      current_thread.unit->arena.dynamic_of(current_thread.block->arena_index));
}

/// @brief The same shared-memory location in the block of cluster rank `rank` (distributed
/// shared memory); throws KernelError for a rank outside the cluster or an address outside the
/// calling block's shared memory.
void* map_to_cluster_rank(const void* address, unsigned rank);

}  // namespace simt::detail
