#pragma once
// Chapter 03 kernels: thread block clusters. Compiled by nvcc for the GPU (compute capability
// 9.0) and by the host compiler for the CPU emulator.
#include <cooperative_groups.h>

// [doc:record-place]
// Values each block records about its place: 9 per block, at out + 9 * (linear block index).
constexpr int kPlaceFields = 9;

__device__ void RecordPlace(unsigned* out) {
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    unsigned* o = out + kPlaceFields * (blockIdx.x + blockIdx.y * gridDim.x);
    o[0] = blockIdx.x;
    o[1] = blockIdx.y;
    o[2] = blockIdx.x / cluster.dim_blocks().x;  // which cluster, along x and y
    o[3] = blockIdx.y / cluster.dim_blocks().y;
    o[4] = cluster.block_rank();  // position of the block within its cluster
    o[5] = cluster.num_blocks();
    o[6] = cluster.num_threads();
    o[7] = cluster.dim_blocks().x;
    o[8] = cluster.dim_blocks().y;
  }
}
// [doc:record-place]

// [doc:compile-time]
// The cluster shape fixed at compile time: any <<<grid, block>>> launch of this kernel groups
// its blocks two by two along x, so gridDim.x must be even.
constexpr int kCompileTimeClusterX = 2;
__global__ void __cluster_dims__(kCompileTimeClusterX, 1, 1)
    RecordPlaceFixedCluster(unsigned* out) {
  RecordPlace(out);
}
// [doc:compile-time]

// [doc:run-time]
// No attribute: the cluster shape comes with the launch (cudaLaunchKernelEx).
__global__ void RecordPlaceLaunchCluster(unsigned* out) { RecordPlace(out); }
// [doc:run-time]

// [doc:exchange]
// Each block puts a value in its own shared memory; after cluster.sync() every block's write
// is visible to the whole cluster, and each block reads its right neighbour's value through
// distributed shared memory. The second sync keeps every block alive until its neighbour has
// read: a block's shared memory disappears when the block exits.
__global__ void ExchangeWithNeighbour(unsigned* out) {
  namespace cg = cooperative_groups;
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ unsigned value;
  if (threadIdx.x == 0) value = 100 * blockIdx.x + cluster.block_rank();
  cluster.sync();
  unsigned neighbour = (cluster.block_rank() + 1) % cluster.num_blocks();
  unsigned* remote = cluster.map_shared_rank(&value, neighbour);
  if (threadIdx.x == 0) out[blockIdx.x] = *remote;
  cluster.sync();
}
// [doc:exchange]
