// Checks exercise 03: clusters of 2, 4 and 8 blocks; block b must read 100 * (its left
// neighbour's index) + (that neighbour's rank).
#include EXERCISE_HEADER

#include "common/backend_launch.hpp"
#include "common/cli.hpp"
#include "common/sample_main.hpp"

#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    tutorial::Cli cli("03_thread_block_clusters_exercise", "Checks your ReadLeftNeighbour");
    const auto chosen = cli.parse_and_select_backend(argc, argv, {9, 0});
    if (!chosen) return 0;
    bool ok = true;
    for (unsigned size : {2u, 4u, 8u}) {
      const unsigned blocks = 4 * size;
      tutorial::BackendArray<unsigned> written(chosen->backend, std::size_t{blocks}, ~0u);
      tutorial::launch_on(chosen->backend, {.grid = blocks, .block = 32, .cluster = size},
                          ReadLeftNeighbour, written.data());
      const std::vector<unsigned> out = written.read();
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
