// simt-translate options: --no-block-loops
// A __device__ function that waits at a barrier, with a deduced return type.
// (As block loops, off here, a function that every thread calls alike needs no coroutine.)
__device__ auto Step(int* s) {
  __syncthreads();
  return s[0];
}
__global__ void Kernel(int* out) { out[threadIdx.x] = Step(out); }
