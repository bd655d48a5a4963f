// A cluster kernel: its compile-time shape is registered, cluster.sync() awaited, and a peer
// block's shared memory mapped.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(2, 1, 1) ExchangeWithPeer(int* out) {
  __shared__ int mine;
  cg::cluster_group cluster = cg::this_cluster();
  if (threadIdx.x == 0) mine = static_cast<int>(cluster.block_rank());
  cluster.sync();
  int* peer = cluster.map_shared_rank(&mine, (cluster.block_rank() + 1) % 2);
  if (threadIdx.x == 0) out[blockIdx.x] = *peer;
  cluster.sync();
}
