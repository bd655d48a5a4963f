#pragma once
/// @file
/// @brief How the scheduler's diagnostics write indices, lists of threads, masks and places.
/// Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

#include <simt/detail/race_check.hpp>
#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/dim3.hpp>
#include <simt/errors.hpp>

#include <algorithm>
#include <cstdio>
#include <source_location>
#include <sstream>
#include <string>
#include <vector>

namespace simt::detail {

/// @brief "file.cuh:12" for a place in a kernel file (the file name without its folders).
inline std::string place_of(const char* file, unsigned line) {
  const std::string path = file;
  return path.substr(path.find_last_of('/') + 1) + ":" + std::to_string(line);
}

/// @brief "reads", "writes" or "updates": what an access of `kind` does, in a report.
inline const char* verb(AccessKind kind) {
  switch (kind) {
    case AccessKind::load: return "reads";
    case AccessKind::store: return "writes";
    case AccessKind::update: return "updates";
  }
  return "touches";
}

/// @brief "(x, y, z)" for a block or thread index (`Uint3`) or a shape (`Dim3`).
template <class Xyz>
std::string index_text(const Xyz& i) {
  // Appended piece by piece: GCC 12 at -O3 takes "(" + std::to_string(...) for a copy of up to
  // 2^63 bytes (a false -Wstringop-overflow, GCC bug 105329's family).
  std::string text = "(";
  text += std::to_string(i.x);
  text += ", ";
  text += std::to_string(i.y);
  text += ", ";
  text += std::to_string(i.z);
  text += ")";
  return text;
}

/// @brief "0-31, 64-95" for a list of thread ranks (or lanes).
inline std::string describe_ranks(std::vector<unsigned> ranks) {
  std::sort(ranks.begin(), ranks.end());
  std::ostringstream out;
  for (std::size_t i = 0; i < ranks.size();) {
    std::size_t j = i;
    while (j + 1 < ranks.size() && ranks[j + 1] == ranks[j] + 1) ++j;
    if (i != 0) out << ", ";
    out << ranks[i];
    if (j != i) out << "-" << ranks[j];
    i = j + 1;
  }
  return out.str();
}

/// @brief "thread 5" for one rank, "threads 0-31, 64-95" for more; with a verb, "thread 5
/// waits" or "threads 0-31 wait" (`one` and `many` are its two forms).
inline std::string describe_threads(std::vector<unsigned> ranks, const char* one = "",
                                    const char* many = "") {
  const bool single = ranks.size() == 1;
  std::string text = (single ? "thread " : "threads ") + describe_ranks(std::move(ranks));
  const char* verb = single ? one : many;
  return *verb == '\0' ? text : text + " " + verb;
}

/// @brief The ranks of the set bits of a lane mask, offset by `base`: "0-15" for 0xffff.
inline std::string describe_lanes(unsigned mask, unsigned base = 0) {
  std::vector<unsigned> ranks;
  for (unsigned lane = 0; lane < 32; ++lane)
    if ((mask >> lane) & 1u) ranks.push_back(base + lane);
  return describe_ranks(std::move(ranks));
}

/// @brief "0x0000ffff".
inline std::string hex_text(unsigned mask) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", mask);
  return text;
}

/// @brief "__syncwarp() at kernels.cuh:12".
inline std::string describe_site(const Site& site) {
  return std::string(site.text) + " at " + where(site.location);
}

/// @brief "thread 5 of block (1, 0, 0)": the running GPU thread.
inline std::string running_thread_text() {
  return "thread " + std::to_string(thread_rank()) + " of block " +
         index_text(current_thread.block_idx);
}

/// @brief Stops the launch with "`what` in kernel 'k' at file.cuh:12: `details`", the running
/// kernel's report of a misused primitive.
[[noreturn]] inline void fail_in_kernel(const std::string& what, const std::source_location& place,
                                        const std::string& details) {
  throw KernelError(what + " in kernel '" + kernel_name(*current_thread.unit, nullptr) + "' at " +
                    where(place) + ": " + details);
}

}  // namespace simt::detail
