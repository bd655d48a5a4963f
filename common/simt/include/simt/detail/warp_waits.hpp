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
  warp_sync,    ///< `__syncwarp(mask)` and `tile.sync()`: also orders shared-memory accesses.
  convergence,  ///< `__activemask()`, `coalesced_threads()`: the lanes that arrive together.
};

struct WarpCollective;

/// @brief The lanes of one group at a collective, as its `complete` function sees them.
struct GroupView {
  WarpCollective* const* lanes;  ///< By position in the group (lane, for a warp's group).
  unsigned count;                ///< 32, or the threads of a tile larger than a warp.
  unsigned present;              ///< For a warp's group: the lanes in it (others are stale).
  /// @brief Whether position `i` takes part (for a large tile: its entry is not null).
  [[nodiscard]] bool has(unsigned i) const noexcept {
    return count == warp_size ? ((present >> i) & 1u) != 0 : lanes[i] != nullptr;
  }
  /// @brief The awaiter at position `i`, as the operation's own type.
  template <class Op>
  [[nodiscard]] Op& at(unsigned i) const noexcept {
    return *static_cast<Op*>(lanes[i]);
  }
};

/// @brief The part of a collective's awaiter the scheduler reads. Lanes are grouped by `mask`
/// and released together when every lane of the mask that has not exited waits at a collective
/// with the same `complete` function (the GPU asks for the same operation and mask, not the same
/// line of source).
struct WarpCollective {
  /// Computes every lane's result, once per group, while all its lanes are suspended.
  using Complete = void (*)(const GroupView& group);
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
  /// Waiting lanes known, from their arrival, to wait at one operation (`agreed_complete`) with
  /// one mask (`agreed_mask`) in a group of one warp: the last lane of such a group completes it
  /// without reading every lane's awaiter again (complete_in_place()).
  unsigned agreed = 0;
  WarpCollective::Complete agreed_complete = nullptr;  ///< The operation of the `agreed` lanes.
  unsigned agreed_mask = 0;                            ///< Their mask.
  /// @brief Notes that the lanes `released` no longer wait.
  void release(unsigned released) noexcept {
    arrived &= ~released;
    agreed &= arrived;
  }
};

}  // namespace simt::detail
