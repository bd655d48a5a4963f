// Checks exercise 01: VecAddAnyN on n = 1000 and n = 1 (grids of whole 256-thread blocks) must
// write exactly C[0 .. n) and nothing after it. The arrays are allocated for the whole grid;
// the part past n holds a marker the kernel must leave alone.
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
    tutorial::Cli cli("01_vector_add_exercise", "Checks your VecAddAnyN");
    if (!cli.parse_and_select_backend(argc, argv, {7, 5})) return 0;
    bool ok = true;
    for (int n : {1000, 1, 256, 257}) {
      const int blocks = (n + 255) / 256, room = blocks * 256;
      const std::size_t bytes = room * sizeof(float);
      std::vector<float> a = tutorial::random_floats(room, 1), b = tutorial::random_floats(room, 2),
                         c(room, -7.0f);
      tutorial::DeviceBuffer<float> A(room), B(room), C(room);
      CUDA_CHECK(cudaMemcpy(A.get(), a.data(), bytes, cudaMemcpyHostToDevice));
      CUDA_CHECK(cudaMemcpy(B.get(), b.data(), bytes, cudaMemcpyHostToDevice));
      CUDA_CHECK(cudaMemcpy(C.get(), c.data(), bytes, cudaMemcpyHostToDevice));
      VecAddAnyN<<<blocks, 256>>>(A.get(), B.get(), C.get(), n);
      CUDA_CHECK(cudaGetLastError());
      CUDA_CHECK(cudaMemcpy(c.data(), C.get(), bytes, cudaMemcpyDeviceToHost));
      int wrong = 0, beyond = 0;
      for (int i = 0; i < room; ++i)
        (i < n ? wrong : beyond) += i < n ? c[i] != a[i] + b[i] : c[i] != -7.0f;
      std::printf("n = %4d: %s\n", n, wrong == 0 && beyond == 0 ? "match" : "not yet");
      if (wrong) std::printf("  %d of the first %d elements are wrong\n", wrong, n);
      if (beyond) std::printf("  %d elements past n were written: add the bounds check\n", beyond);
      ok &= wrong == 0 && beyond == 0;
    }
    std::printf("exercise 01: %s\n", ok ? "match (VecAddAnyN is right for any n)" : "not yet");
    return ok ? 0 : 1;
  });
}
