#pragma once
// Exercise 03: each block of a cluster stores a value in its shared memory. After
// cluster.sync(), each block must read the value of its LEFT neighbour (rank - 1; the block of
// rank 0 reads the last block's) through distributed shared memory.
#include <cooperative_groups.h>

__global__ void ReadLeftNeighbour(unsigned* out) {
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ unsigned value;
  if (threadIdx.x == 0) value = 100 * blockIdx.x + cluster.block_rank();
  cluster.sync();
  unsigned left = cluster.block_rank();  // TODO: the rank of the left neighbour
  unsigned* remote = cluster.map_shared_rank(&value, left);
  if (threadIdx.x == 0) out[blockIdx.x] = *remote;
  cluster.sync();
}
