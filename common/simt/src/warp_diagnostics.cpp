/// @file
/// @brief What the emulator reports about misused warp collectives. (Lanes of a mask that never
/// reach the collective are reported with the other divergences, by
/// UnitRunner::report_divergence.)

#include <simt/detail/thread_context.hpp>
#include <simt/detail/warp_diagnostics.hpp>
#include <simt/errors.hpp>
#include "describe.hpp"
#include "strict_warnings.hpp"

#include <bit>
#include <cstdio>
#include <mutex>
#include <sstream>
#include <string>

namespace simt::detail {

bool diagnosing() noexcept { return current_thread.unit->diagnostics; }

void report_shuffle_source(const WarpCollective& at, unsigned reader, unsigned source) {
  const BlockState& b = *current_thread.block;
  std::ostringstream message;
  message << "shuffle from a lane that does not take part, in kernel '"
          << kernel_name(*current_thread.unit, at.site) << "', block " << index_text(b.block_idx)
          << ": " << describe_site(*at.site) << " with mask " << hex_text(at.mask) << ": lane "
          << reader << " reads lane " << source
          << ", which is not in the mask or has exited. The GPU returns an undefined value "
             "there (CUDA C++ Programming Guide, warp shuffle functions: a lane may only read "
             "from a lane that takes part).";
  throw KernelError(message.str());
}

void check_masks_agree(const WarpWaits& warp, unsigned w, unsigned expected,
                       const WarpCollective& c) {
  for (unsigned rest = warp.arrived & ~expected; rest != 0; rest &= rest - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(rest));
    const WarpCollective& other = *warp.lanes[lane];
    if (other.complete != c.complete || (other.mask & expected) == 0) continue;
    const BlockState& b = *current_thread.block;
    const auto mine = static_cast<unsigned>(std::countr_zero(other.mask & expected));
    std::ostringstream message;
    message << "warp collective masks that disagree in kernel '"
            << kernel_name(*current_thread.unit, c.site) << "', block " << index_text(b.block_idx)
            << ": threads " << describe_lanes(expected, w * warp_size) << " call "
            << describe_site(*c.site) << " with mask " << hex_text(c.mask) << ", while thread "
            << w * warp_size + lane << " waits at " << describe_site(*other.site) << " with mask "
            << hex_text(other.mask) << ", which names thread " << w * warp_size + mine
            << ". Every lane a mask names must call the collective with that same mask (CUDA "
               "C++ Programming Guide, warp vote, match and shuffle functions, and __syncwarp).";
    throw KernelError(message.str());
  }
}

void report_foreign_mask(const UnitState& unit, const BlockState& b, unsigned w, unsigned lane) {
  const WarpWaits& warp = b.scheduling.warps[w];
  const WarpCollective& c = *warp.lanes[lane];
  std::ostringstream message;
  message << "invalid " << describe_site(*c.site) << " in kernel '" << kernel_name(unit, c.site)
          << "', block " << index_text(b.block_idx) << ": thread " << w * warp_size + lane
          << " (lane " << lane << ") ";
  if (c.span > 1)
    message << "is in a tile of " << c.span * warp_size
            << " threads that runs past the end of the block. A tile's size must divide the "
               "block's.";
  else
    message << "calls it with mask " << hex_text(c.mask)
            << ", which does not name its own lane. Every lane that calls a warp collective "
               "must be in its mask.";
  throw KernelError(message.str());
}

void warn_exited_lanes(StrictWarnings& warnings, const UnitState& unit, const BlockState& b,
                       unsigned w, const WarpCollective& c) {
  {
    std::lock_guard lock(warnings.mutex);
    if (!warnings.given.insert(c.site).second) return;
  }
  const unsigned gone = c.mask & b.scheduling.warps[w].exited;
  std::fprintf(stderr,
               "simt: warning (strict): in kernel '%s', block %s: %s names threads %s with mask "
               "%s, which have exited. The GPU lets the other lanes go on, but a value read from "
               "an exited lane is undefined.\n",
               kernel_name(unit, c.site).c_str(), index_text(b.block_idx).c_str(),
               describe_site(*c.site).c_str(), describe_lanes(gone, w * warp_size).c_str(),
               hex_text(c.mask).c_str());
}

}  // namespace simt::detail
