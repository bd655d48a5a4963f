#ifndef REAL_WORLD_WARP_UTILS_CUH
#define REAL_WORLD_WARP_UTILS_CUH
// Helpers shared by two kernel files of one target, in the style sample collections keep them:
// an include guard, a specifier macro, inline and static __device__ functions (two launch sources
// include it: nvcc would define a non-inline one in both), inline PTX.

#define HOST_DEVICE __host__ __device__
#define FULL_MASK 0xffffffff

HOST_DEVICE inline int divideUp(int a, int b) { return (a + b - 1) / b; }

// The lane of the calling thread, as real kernels read it: from the special register.
static __device__ unsigned laneId() {
  unsigned lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

// The sum of v over the warp; every lane gets it.
__device__ inline float warpAllSum(float v) {
  for (int mask = 16; mask > 0; mask >>= 1) v += __shfl_xor_sync(FULL_MASK, v, mask);
  return v;
}

#endif
