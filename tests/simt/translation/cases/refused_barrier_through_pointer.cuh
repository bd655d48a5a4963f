// A __device__ function with a barrier called through a pointer: the emulator can only suspend
// a thread through direct calls.
__device__ void Step(int* out) {
  __syncthreads();
  out[threadIdx.x] = 1;
}
__global__ void Kernel(int* out) {
  void (*step)(int*) = Step;
  step(out);
}
