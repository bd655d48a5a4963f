// Chapter 05: every access pattern's result, and on the emulator its shared-memory counts against
// counts derived by hand. Built twice: with the chapter's CPU build
// (05_shared_memory_bank_conflicts_tests) and its GPU build (..._gpu_tests).
#include "bank_conflicts.hpp"

#include "../catch.hpp"

#include <vector>

namespace {
using Kind = bank_conflicts::Variant::Kind;
}  // namespace

TEST_CASE("Every bank-conflict variant computes the CPU reference result", "[05]") {
  for (const auto& v : bank_conflicts::variants({1, 2, 3, 4, 8, 16, 31, 32, 33, 48, 64})) {
    INFO(v.name());
    CHECK(bank_conflicts::run_counting_launch(v, 7).verified);
  }
}

#if !TUTORIAL_TEST_ON_DEVICE
namespace {

tutorial::SharedAccesses counted(const bank_conflicts::Variant& v) {
  const auto run = bank_conflicts::run_counting_launch(v, 42);
  REQUIRE(run.verified);
  REQUIRE(run.counters.has_value());  // the CPU build's emulator counts every launch
  return *run.counters;
}

int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }

}  // namespace

// The counting launch of a strided variant: 1 block of 8 warps; 16 fill stores per thread to
// consecutive words (one wavefront each), then 64 loads per lane at word lane * s (+ 32 k).
// Lanes i and j share a bank when (i - j) * s is a multiple of 32, i.e. when i - j is a
// multiple of 32 / gcd(s, 32): each bank then holds gcd(s, 32) distinct words of the request,
// and the request needs that many wavefronts.
TEST_CASE("Stride s costs gcd of s and 32 wavefronts per load request", "[05]") {
  const int s = GENERATE(1, 2, 3, 4, 6, 8, 16, 24, 32, 33, 48, 64);
  const auto c = counted({Kind::strided, s});
  INFO("stride " << s);
  CHECK(c.load_requests == 8 * 64);
  CHECK(c.load_wavefronts == 8 * 64 * static_cast<unsigned>(gcd(s, 32)));
  CHECK(c.load_conflicts == 8 * 64 * static_cast<unsigned>(gcd(s, 32) - 1));
  CHECK(c.store_requests == 8 * 16);
  CHECK(c.store_conflicts == 0);
}

TEST_CASE("Broadcast takes one wavefront and doubles two half-warp wavefronts", "[05]") {
  const auto b = counted({Kind::broadcast});
  CHECK(b.load_requests == 8 * 64);
  CHECK(b.load_wavefronts == 8 * 64);
  // 8 bytes per lane: each request is served 16 lanes (128 bytes) at a time, two wavefronts,
  // and that is no conflict: the hardware could not do it in fewer.
  const auto d = counted({Kind::doubles});
  CHECK(d.load_requests == 8 * 64);
  CHECK(d.load_wavefronts == 2 * 8 * 64);
  CHECK(d.load_conflicts == 0);
  CHECK(d.store_requests == 8 * 8);  // 2048 doubles / 256 threads = 8 stores per thread
  CHECK(d.store_wavefronts == 2 * 64);
  CHECK(d.store_conflicts == 0);
}

// 4 blocks of 256 threads (8 warps). Both reductions store sdata[tid] once (8 requests per
// block), then run 8 steps; a warp issues 2 loads and 1 store in a step when any of its lanes
// is active. Active lanes per step: 128, 64, 32, 16, 8, 4, 2, 1, so 4, 2, 1, 1, 1, 1, 1, 1
// warps = 12 warp-steps. Thread 0 then loads sdata[0]: 1 request.
// Sequential addressing: active lanes read and write consecutive words, never a conflict.
// Interleaved addressing at step s: lanes touch words 2*s*tid (and + s), a stride of 2s, so
// each request of a full warp takes gcd(2s, 32) wavefronts, and with k < 32 active lanes
// spread over few banks, min(k, ...) as derived step by step below.
TEST_CASE("The reductions' counts follow from their addressing, step by step", "[05]") {
  const auto sequential = counted({Kind::reduce_sequential});
  CHECK(sequential.load_requests == 4 * (2 * 12 + 1));
  CHECK(sequential.load_wavefronts == sequential.load_requests);
  CHECK(sequential.store_requests == 4 * (8 + 12));
  CHECK(sequential.store_wavefronts == sequential.store_requests);

  const auto interleaved = counted({Kind::reduce_interleaved});
  CHECK(interleaved.load_requests == sequential.load_requests);
  CHECK(interleaved.store_requests == sequential.store_requests);
  // Wavefronts per request and warps per step, s = 1 .. 128:
  //   s=1: stride 2, 4 warps -> 2 | s=2: stride 4, 2 warps -> 4 | s=4: stride 8, 1 warp -> 8
  //   s=8: 16 lanes at stride 16 -> 8 | s=16: 8 lanes at stride 32 -> 8
  //   s=32: 4 lanes -> 4 | s=64: 2 lanes -> 2 | s=128: 1 lane -> 1
  const unsigned per_step_loads = 2 * (4 * 2 + 2 * 4 + 8 + 8 + 8 + 4 + 2 + 1);
  const unsigned per_step_stores = 4 * 2 + 2 * 4 + 8 + 8 + 8 + 4 + 2 + 1;
  CHECK(interleaved.load_wavefronts == 4 * (per_step_loads + 1));
  CHECK(interleaved.store_wavefronts == 4 * (8 + per_step_stores));
}

// The shuffle reduction runs the sequential steps s = 128, 64, 32 (4 + 2 + 1 warp-steps of
// 2 loads and 1 store each), then warp 0 loads its 32 partial sums once (1 request) and
// finishes in registers: the five steps s = 16 .. 1 and thread 0's final load cost no
// shared-memory request at all.
TEST_CASE("The last 32 steps by shuffles save their shared-memory requests", "[05]") {
  const auto sequential = counted({Kind::reduce_sequential});
  const auto shuffles = counted({Kind::reduce_shuffle});
  CHECK(shuffles.load_requests == 4 * (2 * 7 + 1));
  CHECK(shuffles.store_requests == 4 * (8 + 7));
  CHECK(shuffles.load_wavefronts == shuffles.load_requests);
  CHECK(sequential.load_requests - shuffles.load_requests == 4 * (2 * 5));
  CHECK(sequential.store_requests - shuffles.store_requests == 4 * 5);
}

// 64 x 64 matrix: 4 blocks of 32 x 8 threads (8 warps), 4 steps each: 128 load and 128 store
// requests. Writing rows is conflict-free; reading tile[threadIdx.x * pitch + c] puts lane i
// at word i * pitch: with pitch 32 all lanes are in one bank (32 wavefronts), with 33 in 32.
TEST_CASE("The transpose conflicts only without padding and the copy never", "[05]") {
  const auto unpadded = counted({Kind::transpose, 32});
  CHECK(unpadded.load_requests == 128);
  CHECK(unpadded.load_wavefronts == 128 * 32);
  CHECK(unpadded.store_wavefronts == 128);
  const auto padded = counted({Kind::transpose, 33});
  CHECK(padded.load_wavefronts == 128);
  CHECK(padded.store_wavefronts == 128);
  // 64 x 64 tiles with a pitch of 65: column reads are conflict-free as well.
  const auto wide = counted({Kind::transpose64});
  CHECK(wide.load_conflicts == 0);
  CHECK(wide.store_conflicts == 0);
  const auto copy = counted({Kind::copy});
  CHECK(copy.load_wavefronts == 128);
  CHECK(copy.store_wavefronts == 128);
}
#endif
