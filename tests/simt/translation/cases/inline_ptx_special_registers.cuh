// Inline PTX reading special registers becomes C++ that reads the emulator's.
__device__ unsigned LaneId() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}
__global__ void Registers(unsigned* out, unsigned long long* times) {
  unsigned warp, below;
  unsigned long long start;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warp));
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(below));
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
  out[threadIdx.x] = LaneId() + 32 * warp + __popc(below);
  times[threadIdx.x] = start;
}
