/// @file
/// @brief `__isShared` on the emulator: whether an address is in the shared memory of the running
/// block's cluster.

#include <simt/cuda/memory_intrinsics.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

bool __isShared(const void* address) {
  const simt::detail::UnitState* unit = simt::detail::current_thread.unit;
  return unit != nullptr && unit->arena.contains(address);
}
