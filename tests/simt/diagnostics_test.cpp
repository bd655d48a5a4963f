// The emulator's diagnostics (each planted bug reported, with kernel, block, threads and
// place) and its bank-conflict counters (against closed-form expectations).
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/bank_map.hpp>
#include <simt/launch.hpp>

#include <algorithm>
#include <climits>
#include <numeric>
#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "diagnostics_kernels.emulated.hpp"
#include "planted_bug_kernels.emulated.hpp"

#include "capture_output.hpp"
#include "kernel_reports.hpp"

namespace {

using Catch::Matchers::Contains;

int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }

}  // namespace

TEST_CASE("A reduction missing a barrier is reported as a shared-memory race", "[diagnostics]") {
  std::vector<float> in(256, 1.0f), out(2, 0.0f);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{2, 128, 128 * sizeof(float)}, emulated::ReductionMissingBarrier,
                 in.data(), out.data());
  });
  INFO(message);
  CHECK_THAT(message, Contains("shared-memory race in kernel 'ReductionMissingBarrier'"));
  CHECK_THAT(message, Contains("block (0, 0, 0)"));
  CHECK_THAT(message,
             Contains("in barrier interval 1 (after __syncthreads() at planted_bug_kernels.cuh:"));
  // Without the barrier the loop is one interval: thread 0 runs it first and reads sdata[1]
  // (at s = 1); thread 1 then writes sdata[1] (at s = 64).
  CHECK_THAT(message,
             Contains("thread 0 read 'sdata' + 4 bytes (dynamic shared memory, offset 4)"));
  CHECK_THAT(message, Contains("thread 1 writes it"));
}

TEST_CASE("The same race is reported identically whatever the thread order", "[diagnostics]") {
  SettingsGuard guard;
  std::vector<float> in(128, 1.0f), out(1, 0.0f);
  const auto run = [&] {
    return error_of([&] {
      simt::launch(simt::LaunchConfig{1, 128, 128 * sizeof(float)},
                   emulated::ReductionMissingBarrier, in.data(), out.data());
    });
  };
  const std::string in_order = run();
  simt::settings().shuffle_seed = 7;
  const std::string shuffled = run();
  CHECK_THAT(in_order, Contains("shared-memory race"));
  CHECK_THAT(shuffled, Contains("shared-memory race"));
  CHECK_THAT(shuffled, Contains("'sdata'"));
}

TEST_CASE("Threads that skip a barrier and exit are reported only by the strict setting",
          "[diagnostics]") {
  // Half a warp (48) or whole warps (32) skip the barrier: the GPU releases the others, since
  // exited threads count as arrived (compute-sanitizer's synccheck flags the half-warp case).
  const bool strict = GENERATE(false, true);
  SettingsGuard guard;
  simt::settings().strict = strict;
  std::vector<int> out(128);
  CHECK(error_of([&] { simt::launch(1, 128, emulated::BarrierForFirst48, out.data()); }).empty());
  CHECK(error_of([&] { simt::launch(1, 128, emulated::BarrierForFirst32, out.data()); }).empty());
  CHECK(std::count(out.begin(), out.end(), 1) == 128);
}

TEST_CASE("Writing past the dynamic shared memory of the launch is reported", "[diagnostics]") {
  std::vector<int> out(64);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{1, 64, 64 * sizeof(int)}, emulated::WritePastDynamicShared,
                 out.data());
  });
  CHECK_THAT(message,
             Contains("out-of-bounds shared memory access in kernel 'WritePastDynamicShared' at " +
                      place_of("smem[threadIdx.x + 1] = 1;")));
  CHECK_THAT(message,
             Contains("thread 63 of block (0, 0, 0) writes 4 bytes at byte 256 of 'smem'"));
  CHECK_THAT(message, Contains("past the 256 bytes of dynamic shared memory"));
}

TEST_CASE("Mapping a rank outside the cluster is reported", "[diagnostics]") {
  std::vector<unsigned> out(32);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{4, 32, 32 * sizeof(unsigned), {4, 1, 1}},
                 emulated::MapRankOutsideCluster, out.data());
  });
  CHECK_THAT(message, Contains("map_shared_rank in kernel 'MapRankOutsideCluster'"));
  CHECK_THAT(
      message,
      Contains("thread 0 of block (0, 0, 0) asks for rank 4, outside its cluster of 4 blocks"));
}

TEST_CASE("Reading a peer's shared memory after the peer exited is reported", "[diagnostics]") {
  std::vector<unsigned> out(4 * 32);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{4, 32, 32 * sizeof(unsigned), {4, 1, 1}},
                 emulated::ReadPeerWithoutFinalSync, out.data());
  });
  CHECK_THAT(message, Contains("distributed shared memory used after its block exited"));
  CHECK_THAT(message, Contains("ReadPeerWithoutFinalSync"));
  CHECK_THAT(message, Contains("of block (3, 0, 0) reads 'mine'"));
  CHECK_THAT(message, Contains("of block (0, 0, 0), which has exited"));
}

TEST_CASE("Shared atomics from every thread are not a race", "[diagnostics]") {
  std::vector<int> out(3, 0);
  simt::launch(3, 256, emulated::SharedCounterWithAtomics, out.data());
  CHECK(out == std::vector<int>{256, 256, 256});
}

TEST_CASE("Diagnostics can be switched off", "[diagnostics]") {
  SettingsGuard guard;
  simt::settings().diagnostics = false;
  std::vector<float> in(128, 1.0f), out(1, 0.0f);
  CHECK_NOTHROW(simt::launch(simt::LaunchConfig{1, 128, 128 * sizeof(float)},
                             emulated::ReductionMissingBarrier, in.data(), out.data()));
}

// Lane i reads word i*s; words sit in bank (word mod 32). Lanes i and j collide when
// i*s = j*s (mod 32), i.e. when 32/gcd(s,32) divides i-j: each bank then serves gcd(s,32)
// distinct words, so the request takes gcd(s,32) wavefronts.
TEST_CASE("A 4-byte stride s costs gcd of s and 32 wavefronts per request", "[bank-counters]") {
  const int stride = GENERATE(1, 2, 3, 4, 8, 16, 32, 33, 48, 64);
  const unsigned threads = 128, warps = threads / 32;
  std::vector<float> out(threads);
  const int words = 32 * static_cast<int>(warps) * stride;
  simt::launch(simt::LaunchConfig{1, threads, words * sizeof(float)}, emulated::StridedWordRead,
               out.data(), stride, words);
  const auto c = simt::last_launch_counters();
  INFO("stride " << stride);
  CHECK(c.load_requests == warps);
  CHECK(c.load_wavefronts == warps * static_cast<unsigned>(gcd(stride, 32)));
  CHECK(c.load_conflicts() == warps * static_cast<unsigned>(gcd(stride, 32) - 1));
  // The fill writes consecutive words: one wavefront per store request.
  CHECK(c.store_wavefronts == c.store_requests);
  for (unsigned t = 0; t < threads; ++t)
    CHECK(out[t] == static_cast<float>((t / 32) * 32 * stride + (t % 32) * stride));
}

TEST_CASE("All lanes reading one word take one wavefront", "[bank-counters]") {
  std::vector<float> out(256);
  simt::launch(1, 256, emulated::BroadcastRead, out.data());
  const auto c = simt::last_launch_counters();
  CHECK(c.load_requests == 8);
  CHECK(c.load_wavefronts == 8);
  CHECK(out[200] == 7.0f);
}

// The transpose's second phase reads tile[threadIdx.x][j]: column reads. With 32 columns all
// 32 lanes hit one bank (32 wavefronts); with 33 they spread over all banks (1 wavefront).
TEST_CASE("A 32x32 tile transpose reads conflict-free only with one column of padding",
          "[bank-counters]") {
  const int n = 64;
  std::vector<float> in(n * n), out(n * n);
  std::iota(in.begin(), in.end(), 0.0f);
  const simt::Dim3 grid(n / 32, n / 32), block(32, 8);
  const unsigned requests =
      4 * 4 * 8;  // 4 blocks x 8 warps x 4 loop steps, for loads and for stores

  simt::launch(grid, block, emulated::TransposeTile<33>, in.data(), out.data(), n);
  auto padded = simt::last_launch_counters();
  CHECK(padded.load_requests == requests);
  CHECK(padded.load_wavefronts == requests);
  CHECK(padded.store_wavefronts == requests);

  simt::launch(grid, block, emulated::TransposeTile<32>, in.data(), out.data(), n);
  auto unpadded = simt::last_launch_counters();
  CHECK(unpadded.load_requests == requests);
  CHECK(unpadded.load_wavefronts == 32 * requests);
  CHECK(unpadded.store_wavefronts == requests);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) REQUIRE(out[y * n + x] == in[x * n + y]);
}

TEST_CASE("The counters attribute requests, wavefronts and conflicts to the line of each access",
          "[bank-counters]") {
  const int n = 64;
  std::vector<float> in(n * n), out(n * n);
  std::iota(in.begin(), in.end(), 0.0f);
  simt::launch(simt::Dim3(n / 32, n / 32), simt::Dim3(32, 8), emulated::TransposeTile<32>,
               in.data(), out.data(), n);
  const auto c = simt::last_launch_counters();
  REQUIRE(c.lines.size() == 2);
  const simt::SharedAccessLine& store = c.lines[0].store ? c.lines[0] : c.lines[1];
  const simt::SharedAccessLine& load = c.lines[0].store ? c.lines[1] : c.lines[0];
  CHECK(store.place() == place_of("tile[threadIdx.y + j][threadIdx.x] = in["));
  CHECK(load.place() == place_of("= tile[threadIdx.x][threadIdx.y + j];"));
  const unsigned requests = 4 * 4 * 8;  // 4 blocks x 8 warps x 4 loop steps
  CHECK(store.requests == requests);
  CHECK(store.wavefronts == requests);
  CHECK(store.conflicts() == 0);
  CHECK(load.requests == requests);
  CHECK(load.wavefronts == 32 * requests);
  CHECK(load.conflicts() == 31 * requests);
  REQUIRE(c.worst_line() == &load);

  // The first of the requests with the most wavefronts: block 0, warp 0 (threadIdx.y = 0), the
  // first step (j = 0). Lane x reads tile[x][0], word 32 x: all in bank 0.
  const simt::BankRequestMap& map = load.worst;
  CHECK(map.block == 0);
  CHECK(map.warp == 0);
  CHECK(map.k == 0);
  CHECK(map.wavefronts == 32);
  CHECK(map.ideal_wavefronts == 1);
  CHECK(map.words_per_lane == 1);
  for (unsigned lane = 0; lane < 32; ++lane) CHECK(map.word[lane] == 32 * lane);

  const std::string text = simt::bank_map_text(load);
  INFO(text);
  CHECK_THAT(text, Contains("One load request at " + load.place() +
                            " (block 0, warp 0): 32 "
                            "wavefronts, 1 without conflicts"));
  CHECK_THAT(text, Contains("Bank 0 holds 32 different words for lanes 0-31"));
  CHECK_THAT(text, Contains("The request uses 1 of 32 banks."));
}

TEST_CASE("The example request of a strided line shows lane i at word i * stride",
          "[bank-counters]") {
  const int stride = GENERATE(2, 3, 6);
  const unsigned threads = 64;
  std::vector<float> out(threads);
  const int words = 32 * 2 * stride;
  simt::launch(simt::LaunchConfig{1, threads, words * sizeof(float)}, emulated::StridedWordRead,
               out.data(), stride, words);
  const auto c = simt::last_launch_counters();
  const simt::SharedAccessLine* worst = c.worst_line();
  INFO("stride " << stride);
  if (gcd(stride, 32) == 1) {
    CHECK(worst == nullptr);
    return;
  }
  REQUIRE(worst != nullptr);
  CHECK(worst->place() == place_of("out[blockIdx.x * blockDim.x + threadIdx.x] = s[(threadIdx"));
  CHECK(worst->requests == 2);
  CHECK(worst->worst.wavefronts == static_cast<unsigned>(gcd(stride, 32)));
  for (unsigned lane = 0; lane < 32; ++lane)
    CHECK(worst->worst.word[lane] == static_cast<std::int64_t>(lane) * stride);
}

TEST_CASE("Lanes that take no part in a request are marked inactive in its map",
          "[bank-counters]") {
  std::vector<float> out(64);
  simt::launch(1, 64, emulated::HalfWarpWrites, out.data());
  const auto c = simt::last_launch_counters();
  REQUIRE(c.lines.size() == 2);
  for (const simt::SharedAccessLine& l : c.lines) {
    INFO(l.place() << (l.store ? " store" : " load"));
    CHECK(l.requests == 2);  // one per warp
    CHECK(l.wavefronts == 2);
    for (unsigned lane = 0; lane < 32; ++lane)
      CHECK(l.worst.word[lane] ==
            (lane < 16 ? static_cast<std::int64_t>(lane) : simt::BankRequestMap::inactive));
  }
  CHECK(c.worst_line() == nullptr);
  for (unsigned t = 0; t < 64; ++t) CHECK(out[t] == (t % 32 < 16 ? static_cast<float>(t) : 0.0f));
}

TEST_CASE("Correct kernels give identical results in shuffled thread orders", "[diagnostics]") {
  SettingsGuard guard;
  const int n = 64;
  std::vector<float> in(n * n), reference(n * n), out(n * n);
  std::iota(in.begin(), in.end(), 0.0f);
  simt::launch(simt::Dim3(2, 2), simt::Dim3(32, 8), emulated::TransposeTile<33>, in.data(),
               reference.data(), n);
  std::vector<int> counts(3);
  for (std::uint64_t seed : {1ull, 2ull, 99ull}) {
    simt::settings().shuffle_seed = seed;
    simt::launch(simt::Dim3(2, 2), simt::Dim3(32, 8), emulated::TransposeTile<33>, in.data(),
                 out.data(), n);
    CHECK(out == reference);
    simt::launch(3, 256, emulated::SharedCounterWithAtomics, counts.data());
    CHECK(counts == std::vector<int>{256, 256, 256});
  }
}

TEST_CASE("Two threads writing the same byte are reported, byte by byte", "[diagnostics]") {
  std::vector<unsigned> out(64);
  const std::string message =
      error_of([&] { simt::launch(1, 64, emulated::TwoThreadsWriteOneByte, out.data()); });
  CHECK_THAT(message, Contains("shared-memory race in kernel 'TwoThreadsWriteOneByte'"));
  CHECK_THAT(message, Contains("thread 0 wrote 'bytes' + 0 bytes"));
  CHECK_THAT(message, Contains("thread 1 writes it"));
}

TEST_CASE("A race inside a __device__ helper with a barrier names the helper's lines",
          "[diagnostics]") {
  std::vector<int> out(64);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{1, 64, 64 * sizeof(int)}, emulated::RaceInsideHelper,
                 out.data());
  });
  INFO(message);
  CHECK_THAT(message, Contains("shared-memory race in kernel 'RaceInsideHelper'"));
  // The interval began at the helper's barrier, and both accesses are the helper's `+=` line.
  const std::string add = place_of("// reads a neighbour's element");
  CHECK_THAT(message,
             Contains("(after __syncthreads() at " + place_of("// the helper's barrier") + ")"));
  CHECK_THAT(message, Contains("at " + add + " and thread"));
  CHECK_THAT(message, Contains("it at " + add));
}

TEST_CASE("A divergent barrier names each barrier as the kernel writes it", "[diagnostics]") {
  std::vector<int> out(64);
  const std::string message =
      error_of([&] { simt::launch(1, 64, emulated::ThreadBlockSyncOnOneSide, out.data()); });
  CHECK_THAT(message, Contains("divergent barrier in kernel 'ThreadBlockSyncOnOneSide'"));
  CHECK_THAT(message, Contains("wait at cta.sync() at " + place_of("// the odd threads")));
  CHECK_THAT(message, Contains("wait at __syncthreads() at " + place_of("// the even threads")));
}

TEST_CASE("Lanes a shuffle's mask names that never reach it are reported with both places",
          "[diagnostics][warp]") {
  std::vector<int> out(64);
  const std::string error =
      error_of([&] { simt::launch(1, 64, emulated::ShuffleInHalfTheWarp, out.data()); });
  CHECK_THAT(error, Contains("warp collective that cannot complete in kernel "
                             "'ShuffleInHalfTheWarp'"));
  CHECK_THAT(error, Contains("threads 0-15, 32-47 wait at __shfl_down_sync(0xffffffffu, v, 8) at " +
                             place_of("__shfl_down_sync(0xffffffffu, v, 8)", kPlanted) +
                             " (mask 0xffffffff)"));
  CHECK_THAT(error, Contains("threads 16-31, 48-63 wait at __syncthreads() at " +
                             place_of("// where lanes 16-31 wait", kPlanted)));
}

TEST_CASE(
    "A shuffle that reads a lane which has exited is reported with diagnostics on, and "
    "the strict setting warns that the mask names exited lanes",
    "[diagnostics][warp]") {
  SettingsGuard guard;
  std::vector<int> in(32, 1), out(1);
  const std::string error = error_of(
      [&] { simt::launch(1, 32, emulated::ShuffleAfterEarlyReturn, in.data(), out.data(), 20); });
  CHECK_THAT(error, Contains("shuffle from a lane that does not take part, in kernel "
                             "'ShuffleAfterEarlyReturn'"));
  CHECK_THAT(error, Contains("lane 4 reads lane 20, which is not in the mask or has exited"));
  CHECK_THAT(error, Contains(place_of("__shfl_down_sync(0xffffffffu, v, offset)", kPlanted)));
  simt::settings().diagnostics = false;
  simt::settings().strict = true;
  const std::string warning = test::captured(2, [&] {
    simt::launch(1, 32, emulated::ShuffleAfterEarlyReturn, in.data(), out.data(), 20);
  });
  CHECK_THAT(warning, Contains("names threads 20-31 with mask 0xffffffff, which have exited"));
  // With every lane present the same kernel is correct: 32 ones sum to 32.
  simt::settings().diagnostics = true;
  simt::launch(1, 32, emulated::ShuffleAfterEarlyReturn, in.data(), out.data(), 32);
  CHECK(out[0] == 32);
}

TEST_CASE("A shuffle that reads a lane outside its mask is reported", "[diagnostics][warp]") {
  std::vector<int> out(32);
  const std::string error =
      error_of([&] { simt::launch(1, 32, emulated::ShuffleFromOutsideTheMask, out.data()); });
  CHECK_THAT(error, Contains("__shfl_sync(0x0000ffffu, v, 20) at " +
                             place_of("__shfl_sync(0x0000ffffu, v, 20)", kPlanted) +
                             " with mask 0x0000ffff: lane 0 reads lane 20"));
}

TEST_CASE("__syncwarp masks that disagree are reported with both masks", "[diagnostics][warp]") {
  std::vector<int> out(32);
  const std::string error =
      error_of([&] { simt::launch(1, 32, emulated::SyncwarpMasksDisagree, out.data()); });
  CHECK_THAT(error, Contains("warp collective masks that disagree in kernel "
                             "'SyncwarpMasksDisagree'"));
  CHECK_THAT(error,
             Contains("threads 16-31 call __syncwarp(0xffff0000u) at " +
                      place_of("__syncwarp(0xffff0000u)", kPlanted) + " with mask 0xffff0000"));
  CHECK_THAT(error,
             Contains("waits at __syncwarp(0xffffffffu) at " +
                      place_of("__syncwarp(0xffffffffu)", kPlanted) + " with mask 0xffffffff"));
}

TEST_CASE("A volatile warp tail without __syncwarp is a race: lanes are not run in lockstep",
          "[diagnostics][warp]") {
  std::vector<float> in(128, 1.0f), out(2);
  const std::string error = error_of(
      [&] { simt::launch(2, 64, emulated::WarpTailWithoutSyncwarp, in.data(), out.data()); });
  CHECK_THAT(error, Contains("shared-memory race in kernel 'WarpTailWithoutSyncwarp'"));
  CHECK_THAT(error,
             Contains("thread 1 writes it at " + place_of("v[t] = v[t] + v[t + 32];", kPlanted)));
  CHECK_THAT(error, Contains("A __syncwarp() between the two accesses orders them"));
}

TEST_CASE("A tile larger than a warp that runs past the end of the block is reported",
          "[diagnostics][warp]") {
  std::vector<int> out(96);
  const std::string error =
      error_of([&] { simt::launch(1, 96, emulated::TileRunsPastTheBlock, out.data()); });
  CHECK_THAT(error, Contains("invalid tile.sync() at " + place_of("  tile.sync();")));
  CHECK_THAT(error, Contains("is in a tile of 64 threads that runs past the end of the block"));
}

TEST_CASE("A read of shared memory that memcpy_async is still copying into is reported",
          "[diagnostics][async]") {
  std::vector<float> in(64, 1.0f), out(64);
  const std::string error = error_of(
      [&] { simt::launch(1, 64, emulated::ReadBeforeCopyCompletes, in.data(), out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("shared memory read before its asynchronous copy completed in kernel "
                             "'ReadBeforeCopyCompletes' at " +
                             place_of("const float early = tile[63 - threadIdx.x];", kPlanted)));
  // Thread 0 reads tile[63], the last 4 bytes of the 256 being copied.
  CHECK_THAT(error, Contains("thread 0 of block (0, 0, 0) reads bytes 252 to 256 of the "
                             "destination of the memcpy_async at " +
                             place_of("cuda::memcpy_async(block, tile, in", kPlanted)));
  CHECK_THAT(error, Contains("completes with phase 0 of the cuda::barrier initialised at " +
                             place_of("if (block.thread_rank() == 0) init(&bar", kPlanted)));
}

TEST_CASE("A wait with a token two phases old is reported", "[diagnostics][async]") {
  std::vector<int> out(64);
  const std::string error =
      error_of([&] { simt::launch(1, 64, emulated::WaitWithStaleToken, out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("cuda::barrier waited on with a stale token in kernel "
                             "'WaitWithStaleToken' at " +
                             place_of("bar.wait(std::move(kept));", kPlanted)));
  CHECK_THAT(error, Contains("with the token of phase 0 of the barrier"));
  CHECK_THAT(error, Contains("which has completed 2 phases since"));
}

TEST_CASE("A thread that arrives twice in one phase is reported", "[diagnostics][async]") {
  std::vector<int> out(64);
  const std::string error =
      error_of([&] { simt::launch(1, 64, emulated::ArriveTwiceInOnePhase, out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("more arrivals at a cuda::barrier than its phase expects in kernel "
                             "'ArriveTwiceInOnePhase' at " +
                             place_of("thread 0's second arrival in phase 0", kPlanted)));
  CHECK_THAT(error, Contains("thread 0 of block (0, 0, 0) arrives a second time in phase 0"));
  CHECK_THAT(error, Contains("for 64 arrivals"));
}

TEST_CASE("A barrier phase that a thread exits without arriving in is reported",
          "[diagnostics][async]") {
  std::vector<int> out(64);
  const std::string error =
      error_of([&] { simt::launch(1, 64, emulated::ExitWithoutArriving, out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("cuda::barrier phase that never completes in kernel "
                             "'ExitWithoutArriving'"));
  CHECK_THAT(error, Contains("has 1 of its 64 arrivals missing"));
  CHECK_THAT(error, Contains("threads 1-63 wait at bar.arrive_and_wait() at " +
                             place_of("waits for thread 0's arrival", kPlanted)));
}

TEST_CASE("A pipeline consumer waiting for a stage never committed is reported",
          "[diagnostics][async]") {
  std::vector<float> in(64, 1.0f), out(64);
  const std::string error = error_of(
      [&] { simt::launch(1, 64, emulated::WaitForStageNeverCommitted, in.data(), out.data()); });
  INFO(error);
  CHECK_THAT(error, Contains("cuda::pipeline consumer waits for a stage never committed in "
                             "kernel 'WaitForStageNeverCommitted' at " +
                             place_of("producer_commit() missing above", kPlanted)));
  CHECK_THAT(error, Contains("thread 0 of block (0, 0, 0) calls consumer_wait() for stage 0 of "
                             "its pipeline, which has committed 0 stages"));
}

TEST_CASE("An integer division by zero names the kernel, the thread and the line",
          "[diagnostics]") {
  std::vector<int> out(64, 0);
  const std::string message =
      error_of([&] { simt::launch(1, 64, emulated::DivideByZeroInOneThread, out.data(), 5); });
  INFO(message);
  CHECK_THAT(message, Contains("integer division by zero in kernel 'DivideByZeroInOneThread'"));
  CHECK_THAT(message, Contains(place_of("out[threadIdx.x] = 100 / (d - threadIdx.x)", kPlanted)));
  CHECK_THAT(message, Contains("thread (5, 0, 0) of block (0, 0, 0)"));
}

TEST_CASE("With checks off, an integer division by zero goes on as on the GPU", "[diagnostics]") {
  SettingsGuard guard;
  simt::settings().diagnostics = false;
  std::vector<int> out(64, 0);
  simt::launch(1, 64, emulated::DivideByZeroInOneThread, out.data(), 5);
  for (unsigned t = 0; t < 64; ++t) {
    INFO("thread " << t);
    // The quotient is unsigned; the H100 (nvcc 13.0 -O3) gave all ones for thread 5.
    const unsigned want = t == 5 ? 0xffffffffu : 100u / (5u - t);
    CHECK(static_cast<unsigned>(out[t]) == want);
  }
}

TEST_CASE("With checks off, divisions by zero of every width give the H100's values",
          "[diagnostics]") {
  SettingsGuard guard;
  simt::settings().diagnostics = false;
  const std::vector<long long> in = {7, 0, -1, INT_MIN, LLONG_MIN};
  std::vector<long long> out(17, 0x5a5a5a5a);
  simt::launch(1, 1, emulated::DivisionsByZero, in.data(), out.data());
  // Measured on an H100 (nvcc 13.0 -O3 -arch=sm_90) for the same expressions, 2026-11-24. C++
  // leaves them undefined; 7LL / 0 and 7ULL / 0 give 0xffffffff because nvcc divides operands
  // that fit in 32 bits with a 32-bit division.
  const std::vector<long long> h100 = {-1,         7, -1,         -7, INT_MIN, 0,
                                       0xffffffff, 7, 0xffffffff, 7,  -1,      -7,
                                       LLONG_MIN,  0, 0xffffffff, 7,  -1};
  CHECK(out == h100);
}

TEST_CASE("A read of shared memory no thread wrote names the line, the thread and the variable",
          "[diagnostics]") {
  std::vector<float> in(32, 1.5f), out(32, 0.0f);
  const std::string message = error_of(
      [&] { simt::launch(1, 32, emulated::ReadSharedNoThreadWrote, in.data(), out.data()); });
  INFO(message);
  CHECK_THAT(message, Contains("read of uninitialised shared memory in kernel "
                               "'ReadSharedNoThreadWrote'"));
  CHECK_THAT(message, Contains(place_of("out[threadIdx.x] = tile[threadIdx.x + 16]", kPlanted)));
  // Threads 0-15 read elements 16-31, which only threads 16-31 would have written.
  CHECK_THAT(message, Contains("thread 0 of block (0, 0, 0) reads 4 bytes at 'tile' + 64 bytes"));
  CHECK_THAT(message, Contains("which no thread of the block had written"));
}

TEST_CASE("A read of a peer block's shared memory that no thread of it wrote names the peer",
          "[diagnostics][cluster]") {
  std::vector<unsigned> out(2 * 32, 0);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{2, 32, 32 * sizeof(unsigned), {2, 1, 1}},
                 emulated::ReadPeerNoThreadWrote, out.data());
  });
  INFO(message);
  CHECK_THAT(message, Contains("read of uninitialised shared memory in kernel "
                               "'ReadPeerNoThreadWrote'"));
  CHECK_THAT(
      message,
      Contains(place_of("out[blockIdx.x * blockDim.x + threadIdx.x] = theirs[threadIdx.x]")));
  CHECK_THAT(message, Contains("thread 0 of block (0, 0, 0) reads 4 bytes"));
  CHECK_THAT(message, Contains("of block (1, 0, 0), which no thread of that block had written"));
  CHECK_THAT(message, Contains("cluster.sync()"));
}

TEST_CASE("A read before another thread's write in one interval is reported as a race",
          "[diagnostics]") {
  std::vector<int> out(64, 0);
  const std::string message =
      error_of([&] { simt::launch(1, 64, emulated::ReadNeighbourWithoutBarrier, out.data()); });
  INFO(message);
  CHECK_THAT(message, Contains("shared-memory race in kernel 'ReadNeighbourWithoutBarrier'"));
  CHECK_THAT(message, !Contains("uninitialised"));
}

TEST_CASE("Shared memory written by atomics, member by member or by += is not reported unwritten",
          "[diagnostics]") {
  std::vector<int> out(64, 0);
  simt::launch(1, 64, emulated::SharedWrittenOtherThanByStores, out.data());
  // flags -1, value 63 - t, sums 2: an independent sum per thread.
  for (int t = 0; t < 64; ++t) {
    INFO("thread " << t);
    CHECK(out[t] == -1 + (63 - t) + 2);
  }
}
