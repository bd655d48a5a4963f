// A default argument that waits.
__device__ int Sync() {
  __syncthreads();
  return 1;
}
__device__ int Use(int v = Sync()) { return v; }
__global__ void Kernel(int* out) { out[0] = Use(); }
