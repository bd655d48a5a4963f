/// @file
/// @brief The bank-conflict counters: at the end of a barrier interval, a block's shared
/// accesses are grouped into warp-wide requests and each request's wavefronts counted.

#include <simt/detail/bank_counters.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/launch.hpp>

#include <algorithm>
#include <cstdint>
#include <utility>

namespace simt::detail {

namespace {

// The lanes of one request, `words` 4-byte words each from `word`. Returns the wavefronts it
// takes and the phases it has (its conflict-free wavefronts).
std::pair<std::uint64_t, std::uint64_t> wavefronts(const AccessRecord* begin,
                                                   const AccessRecord* end) {
  // A request moves at most 128 bytes per phase: 32 lanes of 4-byte accesses, 16 of 8-byte,
  // 8 of 16-byte. In each phase, every bank delivers one distinct word per wavefront; lanes
  // that want the same word share it (broadcast).
  const unsigned words = std::max<unsigned>(1, begin->words);
  const unsigned lanes_per_phase = 32 / std::min(32u, words);
  std::uint64_t total = 0, phases = 0;
  for (unsigned phase = 0; phase * lanes_per_phase < 32; ++phase) {
    std::uint32_t distinct[32][32];  // per bank, the distinct words seen (at most 32 lanes)
    unsigned count[32] = {};
    bool any = false;
    for (const AccessRecord* a = begin; a != end; ++a) {
      const unsigned lane = lane_of(a->rank);
      if (lane / lanes_per_phase != phase) continue;
      any = true;
      for (unsigned w = 0; w < std::max<unsigned>(1, a->words); ++w) {
        const std::uint32_t word = a->word + w;
        const unsigned bank = word % 32;
        if (std::find(distinct[bank], distinct[bank] + count[bank], word) ==
                distinct[bank] + count[bank] &&
            count[bank] < 32)
          distinct[bank][count[bank]++] = word;
      }
    }
    if (any) {
      total += std::max<unsigned>(1, *std::max_element(count, count + 32));
      ++phases;
    }
  }
  return {total, phases};
}

}  // namespace

void BankLog::count_interval(SharedMemoryCounters& counts) {
  if (!accesses.empty()) {
    // One request per (warp, k, load or store): the k-th access of each active lane.
    std::sort(accesses.begin(), accesses.end(), [](const AccessRecord& a, const AccessRecord& b) {
      if (warp_of(a.rank) != warp_of(b.rank)) return warp_of(a.rank) < warp_of(b.rank);
      if (a.k != b.k) return a.k < b.k;
      return a.store < b.store;
    });
    for (std::size_t i = 0; i < accesses.size();) {
      std::size_t j = i;
      while (j < accesses.size() && warp_of(accesses[j].rank) == warp_of(accesses[i].rank) &&
             accesses[j].k == accesses[i].k && accesses[j].store == accesses[i].store)
        ++j;
      const auto [w, ideal] = wavefronts(&accesses[i], &accesses[j - 1] + 1);
      if (accesses[i].store) {
        ++counts.store_requests;
        counts.store_wavefronts += w;
        counts.store_ideal_wavefronts += ideal;
      } else {
        ++counts.load_requests;
        counts.load_wavefronts += w;
        counts.load_ideal_wavefronts += ideal;
      }
      i = j;
    }
  }
  accesses.clear();
  std::fill(access_count.begin(), access_count.end(), 0);
}

}  // namespace simt::detail
