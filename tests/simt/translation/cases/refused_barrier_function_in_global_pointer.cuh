// The address of a function that waits, taken outside any function (a global function pointer):
// found there too, where nothing else runs.
__device__ void Step(int* out) {
  __syncthreads();
  out[threadIdx.x] = 1;
}
__device__ void (*step)(int*) = Step;
__global__ void Kernel(int* out) { step(out); }
