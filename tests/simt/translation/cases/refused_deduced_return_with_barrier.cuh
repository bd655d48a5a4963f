// A __device__ function that waits at a barrier, with a deduced return type.
__device__ auto Step(int* s) {
  __syncthreads();
  return s[0];
}
__global__ void Kernel(int* out) { out[threadIdx.x] = Step(out); }
