// Checks exercise 05: the transpose must be right, and its shared-memory loads must have no
// bank conflict: counted by the emulator (chapter 05's counters), or on the GPU measured by time
// against a tiled copy that moves the same bytes through the same tile without transposing.
#include EXERCISE_HEADER

#include "common/cli.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/emulated_counters.hpp"
#include "common/sample_main.hpp"
#include "common/timing.hpp"

#include <cstdio>
#include <numeric>
#include <vector>

// The timing reference on the GPU: the same 32 x 8 blocks, 32 x 32 tile and bytes as the
// transpose, read and written by rows, so that no access conflicts.
__global__ void TiledCopyForTiming(const float* in, float* out, int n) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  for (int j = 0; j < 32; j += 8) out[(y + j) * n + x] = tile[threadIdx.y + j][threadIdx.x];
}

// A conflict-free transpose took 1.05 to 1.08 times the tiled copy on an H100, one with 32-way
// conflicts 1.85 times (chapter 05's benchmark); 1.3 separates them.
constexpr double kConflictFreeAtMost = 1.3;

// On the GPU: true if the transpose of an n x n matrix costs at most kConflictFreeAtMost times
// the tiled copy (prints both times).
bool conflict_free_by_time(int n) {
  tutorial::DeviceBuffer<float> in(static_cast<std::size_t>(n) * n);
  tutorial::DeviceBuffer<float> out(static_cast<std::size_t>(n) * n);
  CUDA_CHECK(cudaMemset(in.get(), 0, static_cast<std::size_t>(n) * n * sizeof(float)));
  const dim3 grid(static_cast<unsigned>(n / 32), static_cast<unsigned>(n / 32)), block(32, 8);
  const tutorial::Timing transpose =
      tutorial::time_on_device([&] { TransposeExercise<<<grid, block>>>(in.get(), out.get(), n); });
  const tutorial::Timing copy = tutorial::time_on_device(
      [&] { TiledCopyForTiming<<<grid, block>>>(in.get(), out.get(), n); });
  CUDA_CHECK(cudaGetLastError());
  const double ratio = transpose.median_ms / copy.median_ms;
  const bool free = ratio <= kConflictFreeAtMost;
  std::printf(
      "bank conflicts, by time on the GPU (%d x %d): transpose %.3f ms, tiled copy %.3f ms, "
      "%.2fx (conflict-free at most %.1fx): %s\n",
      n, n, transpose.median_ms, copy.median_ms, ratio, kConflictFreeAtMost,
      free ? "match" : "not yet");
  return free;
}

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    tutorial::Cli cli("05_bank_conflicts_exercise", "Checks your TransposeExercise");
    if (!cli.parse_and_select_backend(argc, argv, {7, 5})) return 0;
    const int n = 128;
    std::vector<float> in(n * n), out(n * n, -1.0f);
    std::iota(in.begin(), in.end(), 0.0f);
    const dim3 grid(n / 32, n / 32), block(32, 8);
    bool ok = true;
    tutorial::DeviceBuffer<float> dIn{std::span<const float>(in)}, dOut(out.size());
    {
      const tutorial::AccessCounting counting;  // the CPU build's emulator counts this launch
      TransposeExercise<<<grid, block>>>(dIn.get(), dOut.get(), n);
      CUDA_CHECK(cudaGetLastError());
    }
    dOut.copy_to(out);
    if (const auto c = tutorial::last_launch_shared_accesses()) {
      std::printf("shared loads: %llu requests, %llu wavefronts, %llu bank conflicts: %s\n",
                  c->load_requests, c->load_wavefronts, c->load_conflicts,
                  c->load_conflicts == 0 ? "match" : "not yet");
      ok &= c->load_conflicts == 0;
    } else {
      ok &= conflict_free_by_time(8192);  // the GPU has no counter a program can read
    }
    int wrong = 0;
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) wrong += out[y * n + x] != in[x * n + y];
    std::printf("transpose: %s\n", wrong == 0 ? "match" : "not yet");
    ok &= wrong == 0;
    std::printf("exercise 05: %s\n", ok ? "match (a conflict-free transpose)" : "not yet");
    return ok ? 0 : 1;
  });
}
