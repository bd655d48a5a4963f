#pragma once
/// @file
/// @brief What the emulator reports about misused warp collectives (defined in
/// src/warp_diagnostics.cpp): masks that disagree, a mask that does not name the calling lane,
/// a mask naming lanes that have exited, a shuffle reading a lane that does not take part.
/// Internal.

#include <simt/detail/unit_state.hpp>
#include <simt/detail/warp_waits.hpp>

namespace simt::detail {

struct StrictWarnings;

/// @brief Whether the running launch checks its kernels (diagnostics on).
bool diagnosing() noexcept;

/// @brief Reports (with diagnostics on) a shuffle by lane `reader` of the group's lanes from
/// lane `source`, which does not take part in it: the GPU returns an undefined value.
void report_shuffle_source(const WarpCollective& at, unsigned reader, unsigned source);

/// @brief Reports lanes of warp `w` that wait at the same operation as the group `expected`
/// with a mask that names some of the group's lanes but is not the group's (each lane then
/// waits for the others to call it with its own mask: undefined on the GPU).
void check_masks_agree(const WarpWaits& warp, unsigned w, unsigned expected,
                       const WarpCollective& c);

/// @brief Reports lane `lane` of warp `w` of block `b`, which waits at a collective whose mask
/// does not name it (or in a tile that runs past the block's end).
[[noreturn]] void report_foreign_mask(const UnitState& unit, const BlockState& b, unsigned w,
                                      unsigned lane);

/// @brief With the strict setting: warns (once per place and launch, through `warnings`) that
/// the mask of collective `c` of warp `w` names lanes that have exited.
void warn_exited_lanes(StrictWarnings& warnings, const UnitState& unit, const BlockState& b,
                       unsigned w, const WarpCollective& c);

}  // namespace simt::detail
