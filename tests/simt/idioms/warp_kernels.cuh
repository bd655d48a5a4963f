#pragma once
// Warp-level idioms as people write them since Kepler and Volta: a block sum from warp-shuffle
// sums, an inclusive block scan from warp-shuffle scans joined through shared memory, stream
// compaction by ballot, cg::reduce over tiles of 8, 16 and 32, and the warp-aggregated atomic
// counter built on coalesced_threads(). Written for this corpus in the styles of the guide and
// the well-known blog posts; unmodified for nvcc and for the emulator.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

// [shuffle reduction] Each warp sums its 32 values with __shfl_down_sync.
__inline__ __device__ int warpReduceSum(int val) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    val += __shfl_down_sync(0xffffffff, val, offset);
  return val;
}

// The warps' sums meet in shared memory, and warp 0 sums them.
__inline__ __device__ int blockReduceSum(int val) {
  static __shared__ int shared[32];
  int lane = threadIdx.x % warpSize;
  int wid = threadIdx.x / warpSize;
  val = warpReduceSum(val);
  if (lane == 0) shared[wid] = val;
  __syncthreads();
  val = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
  if (wid == 0) val = warpReduceSum(val);
  return val;
}

// Grid-stride partial sums, a block sum, one atomicAdd per block.
__global__ void deviceReduceWarpAtomicKernel(const int* in, int* out, int N) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
    sum += in[i];
  sum = blockReduceSum(sum);
  if (threadIdx.x == 0) atomicAdd(out, sum);
}

// [shuffle scan] An inclusive scan of a warp's 32 values with __shfl_up_sync.
__device__ int warpInclusiveScan(int v) {
  int lane = threadIdx.x & 31;
  for (int d = 1; d < 32; d *= 2) {
    int up = __shfl_up_sync(0xffffffffu, v, d);
    if (lane >= d) v += up;
  }
  return v;
}

// An inclusive scan of each block's values: warp scans, the warps' totals scanned by warp 0
// through shared memory, each warp's offset added back.
__global__ void BlockInclusiveScan(const int* in, int* out) {
  __shared__ int warp_totals[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  int v = warpInclusiveScan(in[i]);
  if (lane == 31) warp_totals[warp] = v;
  __syncthreads();
  if (warp == 0) {
    int total = lane < static_cast<int>(blockDim.x >> 5) ? warp_totals[lane] : 0;
    warp_totals[lane] = warpInclusiveScan(total);
  }
  __syncthreads();
  if (warp > 0) v += warp_totals[warp - 1];
  out[i] = v;
}

// [ballot compaction] Keeps the positive values: each warp counts its keepers with
// __ballot_sync, its lane 0 reserves room with one atomicAdd, and each keeper writes at its
// warp's base plus the keepers below it.
__global__ void CompactPositive(const int* in, int* out, int* count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  bool keep = i < n && v > 0;
  unsigned ballot = __ballot_sync(0xffffffffu, keep);
  int lane = threadIdx.x & 31;
  int base = 0;
  if (lane == 0 && ballot != 0) base = atomicAdd(count, __popc(ballot));
  base = __shfl_sync(0xffffffffu, base, 0);
  if (keep) out[base + __popc(ballot & ((1u << lane) - 1))] = v;
}

// [cg::reduce] The sum of every tile of TileSize threads, written by its rank-0 thread.
template <int TileSize>
__global__ void TileSums(const int* in, int* out) {
  cg::thread_block_tile<TileSize> tile = cg::tiled_partition<TileSize>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int sum = cg::reduce(tile, in[i], cg::plus<int>());
  if (tile.thread_rank() == 0) out[i / TileSize] = sum;
}
template __global__ void TileSums<8>(const int*, int*);
template __global__ void TileSums<16>(const int*, int*);
template __global__ void TileSums<32>(const int*, int*);

// [warp-aggregated atomic] The lanes that arrive together take one atomicAdd between them:
// the leader adds their number and hands each lane its slot.
__device__ int atomicAggInc(int* counter) {
  cg::coalesced_group active = cg::coalesced_threads();
  int previous = 0;
  if (active.thread_rank() == 0) previous = atomicAdd(counter, static_cast<int>(active.size()));
  return active.shfl(previous, 0) + static_cast<int>(active.thread_rank());
}

// Keeps the positive values, one slot each from the aggregated counter.
__global__ void FilterWithAggregatedCounter(const int* in, int* out, int* count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && in[i] > 0) out[atomicAggInc(count)] = in[i];
}
