// Checks exercise 03: clusters of 2, 4 and 8 blocks; block b must read 100 * (its left
// neighbour's index) + (that neighbour's rank).
#include EXERCISE_HEADER

#include "common/cli.hpp"
#include "common/cluster_launch.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/sample_main.hpp"

#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    tutorial::Cli cli("03_thread_block_clusters_exercise", "Checks your ReadLeftNeighbour");
    if (!cli.parse_and_select_backend(argc, argv, {9, 0})) return 0;
    bool ok = true;
    for (unsigned size : {2u, 4u, 8u}) {
      const unsigned blocks = 4 * size;
      std::vector<unsigned> out(blocks, ~0u);
      tutorial::DeviceBuffer<unsigned> written{std::span<const unsigned>(out)};
      const tutorial::ClusterLaunchConfig config{dim3(blocks), dim3(32), dim3(size)};
      CUDA_CHECK(cudaLaunchKernelEx(config.get(), ReadLeftNeighbour, written.get()));
      written.copy_to(out);
      unsigned wrong = 0;
      for (unsigned b = 0; b < blocks; ++b) {
        const unsigned rank = b % size, left = (rank + size - 1) % size;
        wrong += out[b] != 100 * (b - rank + left) + left;
      }
      std::printf("clusters of %u: %s\n", size, wrong == 0 ? "match" : "not yet");
      ok &= wrong == 0;
    }
    std::printf("exercise 03: %s\n",
                ok ? "match (every block read its left neighbour)" : "not yet");
    return ok ? 0 : 1;
  });
}
