// CUDA's atomics on the emulator (<simt/cuda/atomics.hpp>): every one of them, on global and
// shared memory, from every thread of a grid run by several workers.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <cstdint>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "simt_kernels.emulated.hpp"

TEST_CASE("Global atomics from many blocks on several CPU threads lose no update", "[simt]") {
  const unsigned workers = GENERATE(1u, 2u, 4u);
  WorkerThreads setting(workers);
  int counter = 0;
  float sum = 0;
  std::vector<unsigned> bins(4, 0);
  simt::launch(257, 128, emulated::CountWithAtomics, &counter, &sum, bins.data());
  CHECK(counter == 257 * 128);
  CHECK(sum == 257 * 128 * 0.5f);  // halves of small counts are exact in float
  for (unsigned b : bins) CHECK(b == 257 * 32);
}

TEST_CASE("Shared-memory atomics count every thread", "[simt]") {
  const unsigned blocks = 4, threads = 200;
  std::vector<unsigned> out(blocks * 8, 0);
  simt::launch(blocks, threads, emulated::SharedHistogram, out.data());
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned k = 0; k < 8; ++k) CHECK(out[b * 8 + k] == (threads / 8));  // 200 = 25 * 8
}

TEST_CASE("Every CUDA atomic does what the guide says, from every thread of a grid", "[simt]") {
  const unsigned blocks = 5, threads = 64, n = blocks * threads;
  std::vector<int> ints{0, 0, 1 << 30, -1};
  std::vector<unsigned> words{~0u, 0u, 0u, 0u, 0u, 3u, 0u};
  std::vector<unsigned long long> wide{0};
  float sum = 0;
  simt::launch(blocks, threads, emulated::EveryAtomic, ints.data(), words.data(), wide.data(),
               &sum);
  const int total = static_cast<int>(n * (n - 1) / 2);
  CHECK(ints == std::vector<int>{total, -total, 0, static_cast<int>(n) - 1});
  CHECK(words[0] == 0u);                  // every bit cleared by some thread
  CHECK(words[1] == ~0u);                 // every bit set
  CHECK(words[2] == 0u);                  // each bit flipped n / 32 = 10 times
  CHECK(words[3] == n % 10);              // counts 0..9 round and round
  CHECK(words[4] == (10 - n % 10) % 10);  // counts 9..0 round and round
  CHECK(words[5] == 7u);
  CHECK(words[6] >= 1u);  // some thread's t + 1, set once
  CHECK(words[6] <= n);
  CHECK(wide[0] == n);
  CHECK(sum == 0.5f * static_cast<float>(n));
}

TEST_CASE(
    "Every CUDA atomic on shared memory does what the guide says, from every thread of a block",
    "[simt]") {
  const unsigned blocks = 3, threads = GENERATE(64u, 200u);
  const int n = static_cast<int>(threads);
  const std::vector<int> ints_in{0, 0, 1 << 30, -1, 2147483647 - (1 << 24)};
  const std::vector<unsigned> words_in{~0u, 0u, 0u, 0u, 0u, 3u, 0u};
  // The 32-bit sum that wraps: the GPU's, computed in unsigned arithmetic.
  const int wrapped = static_cast<int>(static_cast<std::uint32_t>(ints_in[4]) +
                                       static_cast<std::uint32_t>(threads) * (1u << 24));
  const std::vector<int> ints_expected{n * (n - 1) / 2, -(n * (n - 1) / 2), 0, n - 1, wrapped};
  unsigned cleared = ~0u, set = 0u, flipped = 0u;
  for (unsigned t = 0; t < threads; ++t) {
    cleared &= ~(1u << (t % 32));
    set |= 1u << (t % 32);
    flipped ^= 1u << (t % 32);
  }
  const auto run = [&] {
    std::vector<int> ints(blocks * 5, 0);
    std::vector<unsigned> words(blocks * 7, 0);
    std::vector<float> sums(blocks, 0.0f);
    simt::launch(blocks, threads, emulated::EveryAtomicOnShared, ints_in.data(), words_in.data(),
                 ints.data(), words.data(), sums.data());
    for (unsigned b = 0; b < blocks; ++b) {
      INFO("block " << b);
      CHECK(std::vector<int>(ints.begin() + b * 5, ints.begin() + b * 5 + 5) == ints_expected);
      const unsigned* w = words.data() + b * 7;
      CHECK(w[0] == cleared);
      CHECK(w[1] == set);
      CHECK(w[2] == flipped);
      CHECK(w[3] == threads % 10);
      CHECK(w[4] == (10 - threads % 10) % 10);
      CHECK(w[5] == 7u);
      CHECK(w[6] >= 1u);
      CHECK(w[6] <= threads);
      CHECK(sums[b] == 0.5f * static_cast<float>(threads));
    }
  };
  in_every_setting(run);
}
