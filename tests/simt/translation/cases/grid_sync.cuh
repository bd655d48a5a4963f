// grid.sync() in a cooperative kernel: every block of the grid meets there.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void TwoPhases(int* data, int* total) {
  cg::grid_group grid = cg::this_grid();
  atomicAdd(total, data[grid.thread_rank()]);
  grid.sync();
  data[grid.thread_rank()] = *total;
}
