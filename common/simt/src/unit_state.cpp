/// @file
/// @brief The state of the blocks a worker runs together: how a block's state starts, and how
/// reports name the kernel and a byte of shared memory.

#include <simt/detail/unit_state.hpp>

#include "invariant.hpp"

#include <algorithm>
#include <sstream>

namespace simt::detail {

void BlockScheduling::reset(unsigned threads) {
  SIMT_INVARIANT(warps.size() * warp_size >= threads);
  chain.clear();
  barrier_site = nullptr;
  barrier_kind = BarrierKind::block;
  strays.clear();
  for (std::size_t w = 0; w < warps.size(); ++w) {
    const std::size_t lanes = std::min<std::size_t>(warp_size, threads - w * warp_size);
    warps[w].arrived = 0;
    warps[w].agreed = 0;
    warps[w].exited = lanes == warp_size ? 0u : ~0u << lanes;
  }
  waiting_warps = 0;
  exited.clear();
  exits_in_chain = 0;
  predicate_count = 0;
  released_count = 0;
  std::fill(warp_steps.begin(), warp_steps.end(), 0);
  completion_waits.clear();
  completes_group_copies = false;
  group_copies_kept = 0;
}

void BlockState::reset(unsigned threads) {
  scheduling.reset(threads);
  printed.clear();
  async_copies.clear();
  if (thread_copies_pending != 0)
    for (ThreadCopies& pending : thread_copies) {
      pending.list.clear();
      pending.first = 0;
    }
  thread_copies_pending = 0;
  thread_copies.resize(threads);
  group_copies_started.clear();
  arrivals.clear();
  alive = true;
  interval = 0;
  last_barrier_site = nullptr;
  last_barrier_kind = BarrierKind::block;
}

std::string describe_shared(const UnitState& unit, bool dynamic, std::size_t offset) {
  std::ostringstream text;
  const SharedVariable* variable = nullptr;
  SharedVariable dynamic_variable{unit.dynamic_declared, 0, unit.arena.dynamic_size()};
  if (dynamic) {
    if (unit.dynamic_declared != nullptr) variable = &dynamic_variable;
  } else {
    for (const SharedVariable& v : unit.layout.variables)
      if (offset >= v.offset && offset < v.offset + v.bytes) variable = &v;
  }
  if (variable == nullptr) {
    text << "byte " << offset << " of " << (dynamic ? "dynamic" : "static") << " shared memory";
  } else {
    text << "'" << variable->declared->text << "' + " << (offset - variable->offset) << " bytes ("
         << (dynamic ? "dynamic" : "static") << " shared memory, offset " << offset << ")";
  }
  return text.str();
}

std::string kernel_name(const UnitState& unit, const Site* site) {
  if (unit.kernel != nullptr) return unit.kernel;
  if (site != nullptr) return function_of(*site);
  if (unit.dynamic_declared != nullptr) return function_of(*unit.dynamic_declared);
  if (!unit.layout.variables.empty()) return function_of(*unit.layout.variables.front().declared);
  return "?";
}

}  // namespace simt::detail
