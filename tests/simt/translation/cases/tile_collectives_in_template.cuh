// A tile's shuffles in a template, where the value's type depends on the template parameter:
// the call is known by the member's name; the delta may be any integer type.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
template <class T>
__device__ T TileSum(cg::thread_block_tile<32> tile, T v) {
  for (int offset = tile.size() / 2; offset > 0; offset /= 2) v += tile.shfl_down(v, offset);
  return v;
}
template <class T>
__global__ void WarpTotals(const T* in, T* out) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  const T v = TileSum(tile, in[threadIdx.x]);
  const T w = cg::reduce(tile, in[threadIdx.x], cg::plus<T>());
  if (tile.thread_rank() == 0) out[threadIdx.x / 32] = v + w;
}
template __global__ void WarpTotals<float>(const float*, float*);
template __global__ void WarpTotals<int>(const int*, int*);
