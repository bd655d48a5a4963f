// Cooperative groups' syncs: the block's, a tile's, and the free function.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void GroupSyncs(int* data) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  data[block.thread_rank()] += 1;
  block.sync();
  data[block.thread_rank()] += data[(block.thread_rank() + 1) % block.size()];
  warp.sync();
  cg::sync(block);
}
