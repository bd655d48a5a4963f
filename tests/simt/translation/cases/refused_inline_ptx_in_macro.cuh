// Inline PTX written by a macro.
#define LANE_ID(v) asm volatile("mov.u32 %0, %%laneid;" : "=r"(v))
__global__ void Kernel(unsigned* out) {
  unsigned lane;
  LANE_ID(lane);
  out[threadIdx.x] = lane;
}
