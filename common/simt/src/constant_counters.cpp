/// @file
/// @brief The constant-memory counters: at the end of a barrier interval, a block's reads of
/// `__constant__` variables are grouped into warp-wide requests and each request's distinct
/// words counted, in total and per line of the source.

#include <simt/detail/constant_counters.hpp>
#include <simt/detail/registry.hpp>
#include <simt/detail/thread_context.hpp>
#include "describe.hpp"
#include "host_threads.hpp"

#include <algorithm>
#include <cstring>
#include <functional>
#include <tuple>

namespace simt::detail {

namespace {

bool same_place(const ConstantAccessLine& a, const char* file, unsigned line) {
  return a.line == line && (a.file == file || std::strcmp(a.file, file) == 0);
}

ConstantAccessLine& line_of(std::vector<ConstantAccessLine>& lines, const char* file,
                            unsigned line) {
  for (ConstantAccessLine& l : lines)
    if (same_place(l, file, line)) return l;
  ConstantAccessLine& added = lines.emplace_back();
  added.file = file;
  added.line = line;
  return added;
}

}  // namespace

void ConstantLog::log(unsigned rank, const void* address, std::size_t bytes, const char* file,
                      unsigned line) {
  const std::uint32_t k = read_count[rank]++;
  const auto first = reinterpret_cast<std::uintptr_t>(address) / 4;
  const auto last =
      (reinterpret_cast<std::uintptr_t>(address) + std::max<std::size_t>(bytes, 1) - 1) / 4;
  for (std::uintptr_t word = first; word <= last; ++word)
    reads.push_back({rank, k, word, line, file});
}

void ConstantLog::count_interval(ConstantMemoryCounters& counts) {
  if (!reads.empty()) {
    // One request per (warp, k, line): the k-th constant read of each active lane; within it,
    // the words in order, so that each distinct word is counted once.
    const auto key = [](const ConstantRecord& r) {
      return std::tuple(warp_of(r.rank), r.k, r.line);
    };
    std::sort(reads.begin(), reads.end(), [&](const ConstantRecord& a, const ConstantRecord& b) {
      if (key(a) != key(b)) return key(a) < key(b);
      if (a.file != b.file) return std::less<const char*>{}(a.file, b.file);
      return a.word < b.word;
    });
    const auto same_request = [&](const ConstantRecord& a, const ConstantRecord& b) {
      return key(a) == key(b) && a.file == b.file;
    };
    for (std::size_t i = 0; i < reads.size();) {
      std::size_t j = i + 1;
      std::uint64_t words = 1;
      for (; j < reads.size() && same_request(reads[j], reads[i]); ++j)
        words += reads[j].word != reads[j - 1].word;
      ++counts.requests;
      counts.words += words;
      ConstantAccessLine& l = line_of(counts.lines, reads[i].file, reads[i].line);
      ++l.requests;
      l.words += words;
      i = j;
    }
  }
  reads.clear();
  std::fill(read_count.begin(), read_count.end(), 0);
}

ConstantRanges constant_ranges() {
  ConstantRanges ranges;
  for (const SymbolEntry& e : registered_symbols())
    if (e.constant) {
      const auto begin = reinterpret_cast<std::uintptr_t>(e.twin);
      ranges.emplace_back(begin, begin + e.bytes);
    }
  std::sort(ranges.begin(), ranges.end());
  return ranges;
}

bool in_constant_memory(const ConstantRanges& ranges, const void* address) {
  const auto a = reinterpret_cast<std::uintptr_t>(address);
  // The last range that starts at or before the address.
  auto after = std::upper_bound(ranges.begin(), ranges.end(), std::pair(a, UINTPTR_MAX));
  return after != ranges.begin() && a < std::prev(after)->second;
}

}  // namespace simt::detail

namespace simt {

std::string ConstantAccessLine::place() const { return detail::where(file, line); }

ConstantMemoryCounters& ConstantMemoryCounters::operator+=(const ConstantMemoryCounters& other) {
  requests += other.requests;
  words += other.words;
  for (const ConstantAccessLine& l : other.lines) {
    ConstantAccessLine& to = detail::line_of(lines, l.file, l.line);
    to.requests += l.requests;
    to.words += l.words;
  }
  std::sort(lines.begin(), lines.end(),
            [](const ConstantAccessLine& a, const ConstantAccessLine& b) {
              const int files = std::strcmp(a.file, b.file);
              return files != 0 ? files < 0 : a.line < b.line;
            });
  return *this;
}

namespace {
detail::HostMutex last_constant_counts_mutex;
ConstantMemoryCounters last_constant_counts;
}  // namespace

void detail::record_launch_constant_counters(const ConstantMemoryCounters& counts) {
  std::lock_guard lock(last_constant_counts_mutex);
  last_constant_counts = counts;
}

ConstantMemoryCounters last_launch_constant_counters() {
  std::lock_guard lock(last_constant_counts_mutex);
  return last_constant_counts;
}

}  // namespace simt
