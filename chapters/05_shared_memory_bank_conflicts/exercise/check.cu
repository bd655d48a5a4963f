// Checks exercise 05: the transpose must be right, and on the emulator its shared-memory loads
// must have no bank conflict (the emulator's counters, chapter 05).
#include EXERCISE_HEADER

#include "common/cli.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/sample_main.hpp"

#include <simt/launch.hpp>

#include <cstdio>
#include <numeric>
#include <vector>

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    tutorial::Cli cli("05_bank_conflicts_exercise", "Checks your TransposeExercise");
    const auto chosen = cli.parse_and_select_backend(argc, argv, {7, 5});
    if (!chosen) return 0;
    const int n = 128;
    std::vector<float> in(n * n), out(n * n, -1.0f);
    std::iota(in.begin(), in.end(), 0.0f);
    const dim3 grid(n / 32, n / 32), block(32, 8);
    bool ok = true;
    if (chosen->backend == tutorial::Backend::emulator) {
      simt::launch(grid, block, TransposeExercise, in.data(), out.data(), n);
      const auto c = simt::last_launch_counters();
      std::printf("shared loads: %llu requests, %llu wavefronts, %llu bank conflicts: %s\n",
                  static_cast<unsigned long long>(c.load_requests),
                  static_cast<unsigned long long>(c.load_wavefronts),
                  static_cast<unsigned long long>(c.load_conflicts()),
                  c.load_conflicts() == 0 ? "match" : "not yet");
      ok &= c.load_conflicts() == 0;
    } else {
      tutorial::DeviceBuffer<float> dIn{std::span<const float>(in)}, dOut(out.size());
      TransposeExercise<<<grid, block>>>(dIn.get(), dOut.get(), n);
      CUDA_CHECK(cudaGetLastError());
      dOut.copy_to(out);
      std::puts(
          "(bank conflicts are counted on the emulator: run with --backend host, or "
          "tools/bank_conflicts_ncu)");
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
