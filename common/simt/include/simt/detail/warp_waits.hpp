#pragma once
/// @file
/// @brief What the scheduler keeps of the lanes waiting at warp collectives. Internal.

#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>

#include <cstdint>

namespace simt::detail {

/// @ingroup simt
/// @brief What the scheduler must know of a collective to group and release its lanes.
enum class CollectiveKind : std::uint8_t {
  exchange,     ///< The lanes of the mask trade values (shuffles, votes, matches, reductions).
  barrier,      ///< `__syncwarp(mask)` and `tile.sync()`: also orders shared-memory accesses.
  convergence,  ///< `__activemask()`, `coalesced_threads()`: the lanes that arrive together.
};

/// @brief The part of a collective's awaiter the scheduler reads. Lanes are grouped by `mask`
/// and released together when every lane of the mask that has not exited waits at a collective
/// with the same `complete` function (the GPU asks for the same operation and mask, not the same
/// line of source).
struct WarpCollective {
  /// Computes every lane's result, once per group. `lanes[i]` is the awaiter of lane `i` of
  /// the group (the group's first warp's lane 0 first), null if that lane is not in the group.
  using Complete = void (*)(WarpCollective* const* lanes, unsigned count);
  Complete complete = nullptr;  ///< Identifies the operation (and its operand type).
  const Site* site = nullptr;   ///< Where the lane waits (for diagnostics).
  unsigned mask = 0;            ///< The lanes of its warp the operation names.
  std::uint8_t span = 1;        ///< Warps the group spans (tiles larger than a warp).
  CollectiveKind kind = CollectiveKind::exchange;
};

/// @brief Lanes of one warp waiting at collectives.
struct WarpWaits {
  unsigned arrived = 0;              ///< Lanes waiting at a collective.
  unsigned exited = 0;               ///< Lanes that have returned (or do not exist).
  WarpCollective* lanes[warp_size];  ///< What each waiting lane waits at.
};

}  // namespace simt::detail
