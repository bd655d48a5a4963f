// The asynchronous SIMT model on the backend under test: cuda::barrier phases (split
// arrive/wait, many phases, arrive_and_drop) and copies into shared memory completed through a
// barrier or cg::wait, each checked against a plain CPU loop on random inputs.
#include "async_copies.hpp"

#include "../../backend_under_test.hpp"
#include "../../catch.hpp"
#include "../../emulator_settings.hpp"
#include "../../random_values.hpp"

#include <simt/launch.hpp>

#include <cstdint>
#include <vector>

namespace {

using async_copies::FloatKernel;
using async_copies::IntKernel;
using test::backend_under_test;

constexpr std::size_t block = 256;

}  // namespace

TEST_CASE("After a split arrive and wait, each thread reads the value its neighbour published",
          "[async]") {
  const auto blocks = GENERATE(1u, 3u);
  const auto in = random_values<int>(block * blocks, -1000, 1000, blocks);
  const auto out =
      async_copies::run(backend_under_test, IntKernel::neighbour_after_split_arrive, in);
  std::vector<int> expected(in.size());
  for (std::size_t b = 0; b < blocks; ++b)
    for (std::size_t t = 0; t < block; ++t)
      expected[b * block + t] = in[b * block + (t + 1) % block] + 3 * in[b * block + t];
  CHECK(out == expected);
}

TEST_CASE("A barrier that expects two arrivals per thread lets each thread arrive twice",
          "[async]") {
  const auto in = random_values<int>(block * 2, -1000, 1000, 17);
  const auto out = async_copies::run(backend_under_test, IntKernel::two_arrivals_per_thread, in);
  std::vector<int> expected(in.size());
  for (std::size_t b = 0; b < 2; ++b)
    for (std::size_t t = 0; t < block; ++t)
      expected[b * block + t] = in[b * block + (t + 1) % block];
  CHECK(out == expected);
}

TEST_CASE("A barrier goes through many phases: values rotate one thread per round", "[async]") {
  const int rounds = GENERATE(1, 7, 300);
  const auto in = random_values<int>(block * 2, -1000, 1000, 11);
  const auto out =
      async_copies::run(backend_under_test, IntKernel::rotate_through_phases, in, rounds);
  std::vector<int> expected(in.size());
  for (std::size_t b = 0; b < 2; ++b)
    for (std::size_t t = 0; t < block; ++t)
      expected[b * block + t] = in[b * block + (t + static_cast<std::size_t>(rounds)) % block];
  INFO(rounds << " rounds");
  CHECK(out == expected);
}

TEST_CASE("A barrier's completion function runs once per phase, before any thread is released",
          "[async]") {
  const int rounds = GENERATE(1, 2, 40);
  const auto in = random_values<int>(block * 3, -1000, 1000, 19);
  const auto out =
      async_copies::run(backend_under_test, IntKernel::running_total_by_completion, in, rounds);
  std::vector<int> expected(in.size());
  for (std::size_t b = 0; b < 3; ++b) {
    // Round r: thread t publishes in[(t + r) % block] plus the total so far; the phase adds the
    // round's values to the total (unsigned, so it wraps as on the GPU).
    unsigned total = 0;
    for (int r = 0; r < rounds; ++r) {
      unsigned sum = 0;
      for (std::size_t t = 0; t < block; ++t)
        sum += static_cast<unsigned>(in[b * block + (t + static_cast<std::size_t>(r)) % block]) +
               total;
      total += sum;
    }
    for (std::size_t t = 0; t < block; ++t) expected[b * block + t] = static_cast<int>(total);
  }
  INFO(rounds << " rounds");
  CHECK(out == expected);
}

TEST_CASE("cg::wait_prior<1> lets the next chunk's copy fly while the block reads this one",
          "[async]") {
  const int chunks = GENERATE(1, 2, 9);
  const std::size_t blocks = 2;
  const auto in =
      random_values<int>(blocks * block * static_cast<std::size_t>(chunks), -1000, 1000, 23);
  const auto out =
      async_copies::run(backend_under_test, IntKernel::chunk_sums_double_buffered, in, chunks);
  std::vector<int> expected(blocks * block, 0);
  for (std::size_t b = 0; b < blocks; ++b)
    for (std::size_t t = 0; t < block; ++t)
      for (std::size_t k = 0; k < static_cast<std::size_t>(chunks); ++k)
        expected[b * block + t] +=
            in[(b * static_cast<std::size_t>(chunks) + k) * block + (7 * t + k) % block];
  INFO(chunks << " chunks");
  CHECK(out == expected);
}

TEST_CASE("Threads that arrive_and_drop leave the barrier's later phases to the others",
          "[async]") {
  const auto in = random_values<int>(block * 2, -1000, 1000, 12);
  const auto out = async_copies::run(backend_under_test, IntKernel::fold_with_drops, in);
  const std::size_t half = block / 2;
  std::vector<int> expected(in.size() / 2);
  for (std::size_t b = 0; b < 2; ++b) {
    std::vector<int> folded(half);
    for (std::size_t t = 0; t < half; ++t) folded[t] = in[b * block + t] + in[b * block + t + half];
    for (std::size_t t = 0; t < half; ++t)
      expected[b * half + t] = folded[t] + folded[(t + 1) % half];
  }
  CHECK(out == expected);
}

TEST_CASE("Copies into shared memory with memcpy_async arrive complete after their wait",
          "[async]") {
  const auto kernel = GENERATE(FloatKernel::tile_with_barrier, FloatKernel::elements_with_barrier,
                               FloatKernel::tile_by_group, FloatKernel::tile_by_warps);
  const auto in = random_values<float>(block * 3, -1000, 1000, 13);
  const auto out = async_copies::run(backend_under_test, kernel, in);
  std::vector<float> expected(in.size());
  for (std::size_t b = 0; b < 3; ++b)
    for (std::size_t t = 0; t < block; ++t) expected[b * block + t] = in[b * block + block - 1 - t];
  INFO("kernel " << static_cast<int>(kernel));
  CHECK(out == expected);
}

TEST_CASE("A warp waits on its own copies: wait_prior<1>, then wait, on it as a thread_group",
          "[async]") {
  const auto in = random_values<float>(block * 2 * 3, -1000, 1000, 17);
  const auto out = async_copies::run(backend_under_test, FloatKernel::slices_by_warp_waits, in);
  // Every run of 32 values (a warp's slice of one half of a block's input) comes out reversed.
  std::vector<float> expected(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) expected[i] = in[i / 32 * 32 + 31 - i % 32];
  CHECK(out == expected);
}

TEST_CASE("Pipelines of one thread and of a block overlap copies with use and sum every batch",
          "[async]") {
  const auto kernel = GENERATE(
      async_copies::PipelineKernel::thread_scope, async_copies::PipelineKernel::two_thread_scope,
      async_copies::PipelineKernel::block_scope, async_copies::PipelineKernel::two_block_scope,
      async_copies::PipelineKernel::remade_block_scope);
  const int batches = GENERATE(1, 2, 7);
  const unsigned blocks = 2;
  const std::size_t total = blocks * block;
  const auto in = random_values<float>(total * static_cast<std::size_t>(batches), -100, 100, 16);
  const auto out = async_copies::run(backend_under_test, kernel, in, blocks, batches);
  const bool neighbour = kernel != async_copies::PipelineKernel::thread_scope &&
                         kernel != async_copies::PipelineKernel::two_thread_scope;
  std::vector<float> expected(total, 0.0f);
  for (std::size_t b = 0; b < blocks; ++b)
    for (std::size_t t = 0; t < block; ++t)
      for (int k = 0; k < batches; ++k) {
        const std::size_t source = b * block + (neighbour ? (t + 1) % block : t);
        expected[b * block + t] +=
            in[static_cast<std::size_t>(k) * total + source] * static_cast<float>(k + 1);
      }
  INFO((kernel == async_copies::PipelineKernel::thread_scope       ? "thread scope"
        : kernel == async_copies::PipelineKernel::two_thread_scope ? "two thread-scope pipelines"
        : kernel == async_copies::PipelineKernel::block_scope      ? "block scope"
        : kernel == async_copies::PipelineKernel::two_block_scope
            ? "two block-scope pipelines"
            : "a block-scope pipeline made again for each batch")
       << ", " << batches << " batches");
  CHECK(out == expected);
}

TEST_CASE("A partitioned pipeline: one warp produces each batch, the other threads consume it",
          "[async]") {
  const auto kernel = GENERATE(async_copies::PipelineKernel::producer_count,
                               async_copies::PipelineKernel::producer_roles);
  const int batches = GENERATE(1, 2, 5);
  const unsigned blocks = 2, consumers = block - 32;
  const auto in =
      random_values<float>(blocks * block * static_cast<std::size_t>(batches), -100, 100, 18);
  const auto out = async_copies::run(backend_under_test, kernel, in, blocks, batches);
  std::vector<float> expected(blocks * consumers, 0.0f);
  for (std::size_t x = 0; x < blocks; ++x)
    for (std::size_t c = 0; c < consumers; ++c)
      for (int b = 0; b < batches; ++b)
        expected[x * consumers + c] +=
            in[(x * static_cast<std::size_t>(batches) + static_cast<std::size_t>(b)) * block + c] *
            static_cast<float>(b + 1);
  INFO((kernel == async_copies::PipelineKernel::producer_roles ? "roles" : "producer count")
       << ", " << batches << " batches");
  CHECK(out == expected);
}

TEST_CASE(
    "On the emulator, barrier phases and async copies give the same results in shuffled thread "
    "orders and with every check on",
    "[async]") {
  if (backend_under_test != tutorial::Backend::emulator) return;  // an emulator setting
  const auto ints = random_values<int>(block * 2, -1000, 1000, 14);
  const auto floats = random_values<float>(block * 2, -1000, 1000, 15);
  const auto split =
      async_copies::run(backend_under_test, IntKernel::neighbour_after_split_arrive, ints);
  const auto rotated =
      async_copies::run(backend_under_test, IntKernel::rotate_through_phases, ints, 5);
  const auto folded = async_copies::run(backend_under_test, IntKernel::fold_with_drops, ints);
  const auto totals =
      async_copies::run(backend_under_test, IntKernel::running_total_by_completion, ints, 5);
  const auto chunked =
      async_copies::run(backend_under_test, IntKernel::chunk_sums_double_buffered, ints, 2);
  const auto copied = async_copies::run(backend_under_test, FloatKernel::tile_by_group, floats);
  const auto by_warps =
      async_copies::run(backend_under_test, FloatKernel::slices_by_warp_waits, floats);
  const auto by_barrier =
      async_copies::run(backend_under_test, FloatKernel::tile_with_barrier, floats);
  const auto piped = async_copies::run(backend_under_test,
                                       async_copies::PipelineKernel::block_scope, floats, 1, 2);
  const auto partitioned = async_copies::run(
      backend_under_test, async_copies::PipelineKernel::producer_roles, floats, 1, 2);
  const auto two_piped = async_copies::run(
      backend_under_test, async_copies::PipelineKernel::two_block_scope, floats, 1, 2);
  const auto remade = async_copies::run(
      backend_under_test, async_copies::PipelineKernel::remade_block_scope, floats, 1, 2);
  in_shuffled_orders_with_every_check([&] {
    CHECK(async_copies::run(backend_under_test, IntKernel::neighbour_after_split_arrive, ints) ==
          split);
    CHECK(async_copies::run(backend_under_test, IntKernel::rotate_through_phases, ints, 5) ==
          rotated);
    CHECK(async_copies::run(backend_under_test, IntKernel::fold_with_drops, ints) == folded);
    CHECK(async_copies::run(backend_under_test, IntKernel::running_total_by_completion, ints, 5) ==
          totals);
    CHECK(async_copies::run(backend_under_test, IntKernel::chunk_sums_double_buffered, ints, 2) ==
          chunked);
    CHECK(async_copies::run(backend_under_test, FloatKernel::tile_by_group, floats) == copied);
    CHECK(async_copies::run(backend_under_test, FloatKernel::slices_by_warp_waits, floats) ==
          by_warps);
    CHECK(async_copies::run(backend_under_test, FloatKernel::tile_with_barrier, floats) ==
          by_barrier);
    CHECK(async_copies::run(backend_under_test, async_copies::PipelineKernel::block_scope, floats,
                            1, 2) == piped);
    CHECK(async_copies::run(backend_under_test, async_copies::PipelineKernel::producer_roles,
                            floats, 1, 2) == partitioned);
    CHECK(async_copies::run(backend_under_test, async_copies::PipelineKernel::two_block_scope,
                            floats, 1, 2) == two_piped);
    CHECK(async_copies::run(backend_under_test, async_copies::PipelineKernel::remade_block_scope,
                            floats, 1, 2) == remade);
  });
}
