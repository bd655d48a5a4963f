// cuda::barrier's waits and a pipeline's are awaited; the copies complete with their phase.
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
namespace cg = cooperative_groups;
__global__ void StageTile(const float* in, float* out) {
  __shared__ float tile[256];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, tile, in + blockIdx.x * 256, sizeof(tile), bar);
  bar.arrive_and_wait();
  auto token = bar.arrive();
  bar.wait(std::move(token));
  out[blockIdx.x * 256 + threadIdx.x] = tile[255 - threadIdx.x];
}
