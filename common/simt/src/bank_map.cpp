/// @file
/// @brief The lane-to-bank map of a request, as text.

#include <simt/bank_map.hpp>
#include "describe.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

namespace simt {

namespace {

constexpr unsigned banks = 32;

// "1 wavefront", "2 wavefronts".
std::string count_of(std::uint64_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string row(const char* label, unsigned first_lane, auto&& cell) {
  std::string text = "  ";
  text += label;
  for (unsigned lane = first_lane; lane < first_lane + 16; ++lane) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%6s", cell(lane).c_str());
    text += buffer;
  }
  return text + "\n";
}

}  // namespace

std::string bank_map_text(const SharedAccessLine& line) {
  const BankRequestMap& map = line.worst;
  std::string text = "One " + std::string(line.store ? "store" : "load") + " request at " +
                     line.place() + " (block " + std::to_string(map.block) + ", warp " +
                     std::to_string(map.warp) + "): " + count_of(map.wavefronts, "wavefront") +
                     ", " + std::to_string(map.ideal_wavefronts) + " without conflicts\n";
  const auto active = [&](unsigned lane) { return map.word[lane] != BankRequestMap::inactive; };
  for (unsigned first = 0; first < 32; first += 16) {
    text += row("lane", first, [](unsigned lane) { return std::to_string(lane); });
    text += row("word", first, [&](unsigned lane) {
      return active(lane) ? std::to_string(map.word[lane]) : std::string("-");
    });
    text += row("bank", first, [&](unsigned lane) {
      return active(lane) ? std::to_string(map.word[lane] % banks) : std::string("-");
    });
  }
  if (map.words_per_lane > 1) {
    text += "Each lane moves " + std::to_string(4 * map.words_per_lane) +
            " bytes (from its word on); the request is served 128 bytes at a time.\n";
    return text;
  }
  // The words each bank must deliver, and the lanes that want them.
  std::set<std::int64_t> words[banks];
  std::vector<unsigned> lanes[banks];
  for (unsigned lane = 0; lane < 32; ++lane)
    if (active(lane)) {
      const auto bank = static_cast<unsigned>(map.word[lane] % banks);
      words[bank].insert(map.word[lane]);
      lanes[bank].push_back(lane);
    }
  const auto busiest = static_cast<unsigned>(
      std::max_element(words, words + banks,
                       [](const auto& a, const auto& b) { return a.size() < b.size(); }) -
      words);
  const std::size_t used = static_cast<std::size_t>(
      std::count_if(words, words + banks, [](const auto& w) { return !w.empty(); }));
  text +=
      "Bank " + std::to_string(busiest) + " holds " +
      (words[busiest].size() == 1 ? "1 word"
                                  : std::to_string(words[busiest].size()) + " different words") +
      " for " + (lanes[busiest].size() == 1 ? "lane " : "lanes ") +
      detail::describe_ranks(lanes[busiest]) +
      ", and a wavefront reads one word per bank: " + count_of(words[busiest].size(), "wavefront") +
      ". The request uses " + std::to_string(used) + " of " + std::to_string(banks) + " banks.\n";
  return text;
}

}  // namespace simt
