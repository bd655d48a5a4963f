/// @file
/// @brief Where the threads of a block wait, for the reports of a block that cannot go on.

#include "waiting_threads.hpp"

#include <simt/detail/warp_collective.hpp>
#include "describe.hpp"

#include <algorithm>
#include <sstream>

namespace simt::detail {

RecordedWait recorded_wait(const BlockScheduling& s, unsigned rank) {
  // A warp collective first, then a barrier phase, then a stray's barrier.
  const WarpWaits& lanes = s.warps[warp_of(rank)];
  if ((lanes.arrived >> lane_of(rank)) & 1u) {
    const WarpCollective& c = *lanes.lanes[lane_of(rank)];
    return {c.site, c.mask, c.kind != CollectiveKind::convergence};
  }
  for (const CompletionWait& w : s.completion_waits)
    if (w.rank == rank) return {w.site};
  for (const StrayArrival& stray : s.strays)
    if (stray.rank == rank) return {stray.site};
  return {};
}

std::string describe_waiting_threads(const BlockState& b, unsigned threads_per_block,
                                     const std::vector<char>& skipped) {
  const BlockScheduling& s = b.scheduling;
  struct Place {
    const Site* site;
    unsigned mask;
    bool warp;
    std::vector<unsigned> ranks;
  };
  std::vector<Place> places;
  for (unsigned rank = 0; rank < threads_per_block; ++rank) {
    const WarpWaits& lanes = s.warps[warp_of(rank)];
    if (((lanes.exited >> lane_of(rank)) & 1u) != 0) continue;
    if (!skipped.empty() && skipped[rank] != 0) continue;
    const RecordedWait wait = recorded_wait(s, rank);
    const Site* at = wait.site != nullptr ? wait.site : s.barrier_site;  // else the interval's
    if (at == nullptr) continue;
    auto found = std::find_if(places.begin(), places.end(), [&](const Place& p) {
      return p.site == at && p.mask == wait.mask && p.warp == wait.warp;
    });
    if (found == places.end())
      found = places.insert(places.end(), Place{at, wait.mask, wait.warp, {}});
    found->ranks.push_back(rank);
  }
  std::ostringstream text;
  const char* separator = "";
  for (const Place& p : places) {
    text << separator << describe_threads(p.ranks, "waits", "wait") << " at "
         << describe_site(*p.site);
    if (p.warp) text << " (mask " << hex_text(p.mask) << ")";
    separator = ", ";
  }
  return text.str();
}

}  // namespace simt::detail
