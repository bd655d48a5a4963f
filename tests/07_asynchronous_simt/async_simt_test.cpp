// Chapter 07: every kernel against the chapter's CPU references on random inputs. Built twice:
// with the chapter's CPU build (07_asynchronous_simt_tests) and its GPU build (..._gpu_tests).
#include "async_simt.hpp"

#include "../catch.hpp"
#include "../random_values.hpp"

#include <vector>

namespace {

using async_simt::Copy;

}  // namespace

TEST_CASE("After the phase, each thread reads the value its neighbour published before arriving",
          "[07]") {
  const std::size_t blocks = GENERATE(1, 5);
  const auto in = random_values<int>(blocks * async_simt::threads_per_block, -1000, 1000, blocks);
  CHECK(async_simt::publish_then_read(in) == async_simt::reference_publish_then_read(in));
}

TEST_CASE("Every copy method and pipeline depth gives the neighbour sums of every tile", "[07]") {
  const Copy copy = GENERATE(from_range(
      std::vector<Copy>(std::begin(async_simt::all_copies), std::end(async_simt::all_copies))));
  // Fewer tiles than blocks, one each, and several per block (uneven too).
  const auto [tiles, blocks] = GENERATE(table<std::size_t, unsigned>({{3, 8}, {8, 8}, {23, 4}}));
  const auto in = random_values<float>(tiles * async_simt::tile_floats, -100, 100, tiles);
  INFO(async_simt::describe(copy) << ", " << tiles << " tiles, " << blocks << " blocks");
  CHECK(async_simt::neighbour_sums(copy, in, blocks) == async_simt::reference_neighbour_sums(in));
}

TEST_CASE("Block-scope counts add up to the device-scope total", "[07]") {
  const unsigned blocks = GENERATE(1u, 7u, 60u), threads = GENERATE(32u, 200u, 1024u);
  const auto counts = async_simt::count_with_scopes(blocks, threads);
  INFO(blocks << " blocks of " << threads);
  CHECK(counts.per_block == std::vector<unsigned>(blocks, threads));
  CHECK(counts.total == blocks * threads);
}
