// CUDA's headers are the emulator's stand-ins, and system headers are included in front of the
// translation (outside its namespace).
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <cstdint>
__global__ void Widths(std::uint64_t* out) {
  out[threadIdx.x] = cooperative_groups::this_thread_block().thread_rank();
}
