// The constant-memory counters (common/simt/src/constant_counters.cpp,
// <simt/constant_counters.hpp>) against counts worked out on the CPU: per warp-wide read, the
// distinct words its active lanes asked for, per line of the source.
#include "../catch.hpp"
#include "../emulator_settings.hpp"
#include "../random_values.hpp"

#include <simt/constant_counters.hpp>
#include <simt/launch.hpp>
#include <simt/symbols.hpp>

#include <numeric>
#include <set>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "diagnostics_kernels.emulated.hpp"

namespace {

struct Expected {
  std::uint64_t requests = 0, words = 0;
};

// For each warp with an active lane (thread t < n), the distinct words `words_of(index[t])`.
template <class Words>
Expected expected_counts(const std::vector<int>& index, unsigned n, unsigned threads,
                         Words words_of) {
  Expected e;
  for (unsigned warp_start = 0; warp_start < threads; warp_start += 32) {
    std::set<int> distinct;
    for (unsigned t = warp_start; t < std::min(warp_start + 32, n); ++t)
      for (int w : words_of(index[t])) distinct.insert(w);
    if (distinct.empty()) continue;
    ++e.requests;
    e.words += distinct.size();
  }
  return e;
}

}  // namespace

TEST_CASE("Constant reads count the distinct words of each warp request, per line",
          "[constant-counters]") {
  const unsigned block = 64, blocks = 2, threads = block * blocks;
  const unsigned n = GENERATE(128u, 100u);  // full warps, and a block with a part-filled warp
  // Indices: all the same, one per lane, two lanes per word, and random.
  const int pattern = GENERATE(0, 1, 2, 3);
  std::vector<int> index(threads);
  const auto random = random_values<int>(threads, 0, 63, 11);
  for (unsigned t = 0; t < threads; ++t)
    index[t] = pattern == 0   ? 7
               : pattern == 1 ? int(t % 32)
               : pattern == 2 ? int(t % 32 / 2)
                              : random[t];
  std::vector<int> table(64);
  std::iota(table.begin(), table.end(), 100);
  simt::memcpy_to_symbol(emulated::lookup_table, table.data(), sizeof(int) * 64);
  std::vector<int> out(threads, 0);
  simt::launch(simt::LaunchConfig{blocks, block}, emulated::ReadConstantTable, index.data(),
               out.data(), static_cast<int>(n));
  const simt::ConstantMemoryCounters c = simt::last_launch_constant_counters();

  const Expected first = expected_counts(index, n, threads, [](int i) { return std::vector{i}; });
  const Expected halves =
      expected_counts(index, n, threads, [](int i) { return std::vector{i / 2}; });
  const Expected pair = expected_counts(index, n, threads, [](int i) {
    return std::vector{2 * (i % 32), 2 * (i % 32) + 1};
  });
  INFO("pattern " << pattern << ", " << n << " active threads");
  // Three lines: the reads of `index` and the writes of `out` (global memory) are not counted.
  REQUIRE(c.lines.size() == 3);
  CHECK(c.lines[0].requests == first.requests);
  CHECK(c.lines[0].words == first.words);
  CHECK(c.lines[1].requests == halves.requests);
  CHECK(c.lines[1].words == halves.words);
  CHECK(c.lines[2].requests == pair.requests);
  CHECK(c.lines[2].words == pair.words);
  CHECK(c.requests == first.requests + halves.requests + pair.requests);
  CHECK(c.words == first.words + halves.words + pair.words);
  CHECK(c.lines[0].line + 2 == c.lines[1].line);
  // The results are the table's values, so the reads really went to the variable.
  for (unsigned t = 0; t < n; ++t) {
    const int m = index[t] % 32;
    CHECK(out[t] == table[index[t]] + table[index[t] / 2] + table[2 * m] + table[2 * m + 1]);
  }
}
