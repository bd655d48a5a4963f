// Checks exercise 07: MirrorTile on 40 blocks of random values against a CPU loop. On the
// emulator (the check's CPU build), whose checks are on unless SIMT_CHECKS=0, a read of the tile
// before the copy completes is reported and fails the launch; on a GPU only the results can be
// checked, and the check says so.
#include EXERCISE_HEADER

#include "common/cli.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_inputs.hpp"
#include "common/sample_main.hpp"

#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    tutorial::Cli cli("07_asynchronous_simt_exercise", "Checks your MirrorTile");
    const auto chosen = cli.parse_and_select_backend(argc, argv, {8, 0});
    if (!chosen) return 0;
    const unsigned blocks = 40;
    const float scale = 0.5f;
    const std::vector<float> in = tutorial::random_floats(blocks * 256, cli.common().seed);
    std::vector<float> out(in.size(), -1.0f);
    const bool emulator = chosen->backend == tutorial::Backend::emulator;
    tutorial::DeviceBuffer<float> input{std::span<const float>(in)},
        output{std::span<const float>(out)};
    MirrorTile<<<blocks, 256>>>(input.get(), output.get(), scale);
    CUDA_CHECK(cudaGetLastError());
    output.copy_to(out);
    std::size_t wrong = 0;
    for (unsigned b = 0; b < blocks; ++b)
      for (unsigned t = 0; t < 256; ++t)
        wrong += out[b * 256 + t] != scale * static_cast<float>(1 + t % 4) * in[b * 256 + 255 - t];
    if (wrong != 0) {
      std::printf("exercise 07: not yet (%zu of %zu elements differ from the CPU loop)\n", wrong,
                  out.size());
      return 1;
    }
    if (emulator)
      std::puts(
          "exercise 07: match (every element right, and no thread read the tile before its "
          "copy completed)");
    else
      std::puts(
          "exercise 07: the results match on the GPU, which cannot show whether a thread "
          "read the tile too early; run the check with --backend emulator for that");
    return 0;
  });
}
