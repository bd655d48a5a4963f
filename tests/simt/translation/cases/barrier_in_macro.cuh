// A barrier written in a macro's replacement, as code shared by nvcc's two passes writes one
// (chapter 06): rewritten in the definition, so that every expansion waits, each reported at
// the line it is written on. (A member's call in a macro: refused_barrier_in_macro.cuh.)
#define SYNC_THREADS() __syncthreads()
#define SYNC_WARP(mask) __syncwarp(mask)

__device__ void Step(float* s) {
  s[threadIdx.x] += 1.0f;
  SYNC_THREADS();
}

__global__ void Kernel(float* s) {
  SYNC_THREADS();
  Step(s);
  SYNC_WARP(0xffffffffu);
  SYNC_THREADS();
}
