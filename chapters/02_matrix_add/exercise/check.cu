// Checks exercise 02: MatScale on square, non-square and odd shapes against a CPU loop.
#include EXERCISE_HEADER

#include "common/cli.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/random_inputs.hpp"
#include "common/sample_main.hpp"

#include <cstdio>
#include <utility>
#include <vector>

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    tutorial::Cli cli("02_matrix_add_exercise", "Checks your MatScale");
    if (!cli.parse_and_select_backend(argc, argv, {7, 5})) return 0;
    bool ok = true;
    for (auto [rows, cols] :
         {std::pair{1000, 700}, std::pair{17, 33}, std::pair{1, 1}, std::pair{64, 64}}) {
      const auto count = static_cast<std::size_t>(rows) * cols;
      const std::vector<float> a = tutorial::random_floats(count, 5);
      std::vector<float> c(count, -7.0f);
      const dim3 block(16, 16), grid((cols + 15) / 16, (rows + 15) / 16);
      // cudaMalloc and cudaMemcpy of both: an element MatScale leaves alone stays -7
      tutorial::DeviceBuffer<float> A{std::span<const float>(a)}, C{std::span<const float>(c)};
      MatScale<<<grid, block>>>(A.get(), C.get(), 2.5f, rows, cols);
      CUDA_CHECK(cudaGetLastError());
      C.copy_to(c);
      std::size_t wrong = 0;
      for (std::size_t i = 0; i < count; ++i) wrong += c[i] != 2.5f * a[i];
      std::printf("%d x %d: %s\n", rows, cols, wrong == 0 ? "match" : "not yet");
      ok &= wrong == 0;
    }
    std::printf("exercise 02: %s\n", ok ? "match (MatScale is right for every shape)" : "not yet");
    return ok ? 0 : 1;
  });
}
