// A variable at namespace scope initialised by a call that waits (nvcc refuses a __device__
// call there as well).
__device__ int Sync() {
  __syncthreads();
  return 1;
}
static int once = Sync();
__global__ void Kernel(int* out) { out[0] = once; }
