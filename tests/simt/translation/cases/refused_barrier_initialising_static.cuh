// A static variable initialised by a call that waits.
__device__ int Sync() {
  __syncthreads();
  return 1;
}
__global__ void Kernel(int* out) {
  static int once = Sync();
  out[0] = once;
}
