/// @file
/// @brief The bank-conflict counters: at the end of a barrier interval, a block's shared
/// accesses are grouped into warp-wide requests and each request's wavefronts counted, in total
/// and per line of the source.

#include <simt/detail/bank_counters.hpp>
#include <simt/detail/shared_layout.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/launch.hpp>
#include "describe.hpp"
#include "host_threads.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <tuple>
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
    unsigned most = 0;  // the most distinct words of one bank: the phase's wavefronts
    bool any = false;
    for (const AccessRecord* a = begin; a != end; ++a) {
      // 4-byte accesses (most) take one phase: no lane's phase to work out.
      if (lanes_per_phase < 32 && lane_of(a->rank) / lanes_per_phase != phase) continue;
      any = true;
      for (unsigned w = 0; w < std::max<unsigned>(1, a->words); ++w) {
        const std::uint32_t word = a->word + w;
        const unsigned bank = word % 32;
        if (std::find(distinct[bank], distinct[bank] + count[bank], word) ==
                distinct[bank] + count[bank] &&
            count[bank] < 32) {
          distinct[bank][count[bank]++] = word;
          most = std::max(most, count[bank]);
        }
      }
    }
    if (any) {
      total += std::max(1u, most);
      ++phases;
    }
  }
  return {total, phases};
}

bool same_place(const SharedAccessLine& a, const char* file, unsigned line, bool store) {
  return a.line == line && a.store == store && (a.file == file || std::strcmp(a.file, file) == 0);
}

SharedAccessLine& line_of(std::vector<SharedAccessLine>& lines, const char* file, unsigned line,
                          bool store) {
  for (SharedAccessLine& l : lines)
    if (same_place(l, file, line, store)) return l;
  SharedAccessLine& added = lines.emplace_back();
  added.file = file;
  added.line = line;
  added.store = store;
  return added;
}

// Of two requests of one line, the one to show: more wavefronts, or the earlier one.
bool shows_before(const BankRequestMap& a, const BankRequestMap& b) {
  return std::tuple(-static_cast<std::int64_t>(a.wavefronts), a.block, a.interval, a.warp, a.k) <
         std::tuple(-static_cast<std::int64_t>(b.wavefronts), b.block, b.interval, b.warp, b.k);
}

void add(SharedAccessLine& to, const SharedAccessLine& from) {
  const bool first = to.requests == 0;
  to.requests += from.requests;
  to.wavefronts += from.wavefronts;
  to.ideal_wavefronts += from.ideal_wavefronts;
  if (first || shows_before(from.worst, to.worst)) to.worst = from.worst;
}

// Moves `from` into `to` ordered by `key` (below `keys`), keeping the order of equal keys: a
// counting sort, in time linear in the accesses.
template <class Key>
void counting_sort(const std::vector<AccessRecord>& from, std::vector<AccessRecord>& to,
                   std::vector<std::uint32_t>& start, std::uint32_t keys, Key key) {
  start.assign(keys + 1, 0);
  for (const AccessRecord& a : from) ++start[key(a) + 1];
  for (std::uint32_t k = 0; k < keys; ++k) start[k + 1] += start[k];
  to.resize(from.size());
  for (const AccessRecord& a : from) to[start[key(a)]++] = a;
}

}  // namespace

void BankLog::order_by_request() {
  // A counting sort by (warp, k) puts a block's interval of accesses in order in time linear in
  // their number (a std::sort by the whole key took 12% of the benchmark's reduction part, more
  // than the rest of the counting). Where a thread makes many accesses in one interval, so that
  // (warp, k) has many more values than there are accesses, two sorts, by k and then by warp.
  const std::uint32_t ks = *std::max_element(access_count.begin(), access_count.end());
  const auto warps = static_cast<std::uint32_t>((access_count.size() + 31) / 32);
  if (std::uint64_t{warps} * ks <= 4 * accesses.size()) {
    counting_sort(accesses, sorted, bucket_start, warps * ks,
                  [ks](const AccessRecord& a) { return warp_of(a.rank) * ks + a.k; });
  } else {
    counting_sort(accesses, sorted, bucket_start, ks, [](const AccessRecord& a) { return a.k; });
    std::swap(accesses, sorted);
    counting_sort(accesses, sorted, bucket_start, warps,
                  [](const AccessRecord& a) { return warp_of(a.rank); });
  }
  std::swap(accesses, sorted);
  // The lanes' k-th accesses are at one line, unless the warp's lanes diverged: only then do
  // they need ordering by load or store, line and file.
  const auto place = [](const AccessRecord& a) {
    return std::tuple(a.store, a.line, reinterpret_cast<std::uintptr_t>(a.file));
  };
  for (auto first = accesses.begin(); first != accesses.end();) {
    auto last = first + 1;
    bool one_place = true;
    while (last != accesses.end() && warp_of(last->rank) == warp_of(first->rank) &&
           last->k == first->k) {
      one_place = one_place && place(*last) == place(*first);
      ++last;
    }
    if (!one_place)
      std::stable_sort(first, last, [&](const AccessRecord& a, const AccessRecord& b) {
        return place(a) < place(b);
      });
    first = last;
  }
}

void BankLog::count_interval(SharedMemoryCounters& counts, std::uint64_t block,
                             std::uint64_t interval) {
  if (!accesses.empty()) {
    // One request per (warp, k, load or store, line): the k-th access of each active lane.
    order_by_request();
    const auto same_request = [](const AccessRecord& a, const AccessRecord& b) {
      return warp_of(a.rank) == warp_of(b.rank) && a.k == b.k && a.store == b.store &&
             a.line == b.line && a.file == b.file;
    };
    for (std::size_t i = 0; i < accesses.size();) {
      std::size_t j = i;
      while (j < accesses.size() && same_request(accesses[j], accesses[i])) ++j;
      const AccessRecord& first = accesses[i];
      const auto [w, ideal] = wavefronts(&accesses[i], &accesses[j - 1] + 1);
      if (first.store) {
        ++counts.store_requests;
        counts.store_wavefronts += w;
        counts.store_ideal_wavefronts += ideal;
      } else {
        ++counts.load_requests;
        counts.load_wavefronts += w;
        counts.load_ideal_wavefronts += ideal;
      }
      SharedAccessLine one{first.file, first.line, first.store, 1, w, ideal, {}};
      BankRequestMap& map = one.worst;
      map.word.fill(BankRequestMap::inactive);
      // The log counts dynamic shared memory from the end of the static capacity, a multiple of
      // 32 words: the map counts it from its own start, which keeps every bank.
      constexpr std::uint32_t dynamic_start = StaticLayout::capacity / 4;
      map.dynamic = first.word >= dynamic_start;
      for (std::size_t a = i; a < j; ++a)
        map.word[lane_of(accesses[a].rank)] = accesses[a].word - (map.dynamic ? dynamic_start : 0);
      map.words_per_lane = std::max<unsigned>(1, first.words);
      map.wavefronts = w;
      map.ideal_wavefronts = ideal;
      map.block = block;
      map.interval = interval;
      map.warp = warp_of(first.rank);
      map.k = first.k;
      add(line_of(counts.lines, first.file, first.line, first.store), one);
      i = j;
    }
  }
  accesses.clear();
  std::fill(access_count.begin(), access_count.end(), 0);
}

}  // namespace simt::detail

namespace simt {

std::string SharedAccessLine::place() const { return detail::where(file, line); }

SharedMemoryCounters& SharedMemoryCounters::operator+=(const SharedMemoryCounters& other) {
  load_requests += other.load_requests;
  load_wavefronts += other.load_wavefronts;
  load_ideal_wavefronts += other.load_ideal_wavefronts;
  store_requests += other.store_requests;
  store_wavefronts += other.store_wavefronts;
  store_ideal_wavefronts += other.store_ideal_wavefronts;
  for (const SharedAccessLine& l : other.lines)
    detail::add(detail::line_of(lines, l.file, l.line, l.store), l);
  std::sort(lines.begin(), lines.end(), [](const SharedAccessLine& a, const SharedAccessLine& b) {
    const int files = std::strcmp(a.file, b.file);
    if (files != 0) return files < 0;
    return std::tuple(a.line, a.store) < std::tuple(b.line, b.store);
  });
  return *this;
}

const SharedAccessLine* SharedMemoryCounters::worst_line() const {
  const SharedAccessLine* worst = nullptr;
  for (const SharedAccessLine& l : lines)
    if (l.conflicts() > 0 &&
        (worst == nullptr || l.conflicts_per_request() > worst->conflicts_per_request()))
      worst = &l;
  return worst;
}

}  // namespace simt

namespace simt {

namespace {
detail::HostMutex last_bank_counts_mutex;
SharedMemoryCounters last_bank_counts;
}  // namespace

void detail::record_launch_counters(const SharedMemoryCounters& counts) {
  std::lock_guard lock(last_bank_counts_mutex);
  last_bank_counts = counts;
}

SharedMemoryCounters last_launch_counters() {
  std::lock_guard lock(last_bank_counts_mutex);
  return last_bank_counts;
}

}  // namespace simt
