// A member function (declared in its class, defined outside it) that waits: its return type
// becomes a Task in both places.
struct Stage {
  int* shared;
  __device__ int exchange(int v);
};
__device__ int Stage::exchange(int v) {
  shared[threadIdx.x] = v;
  __syncthreads();
  return shared[blockDim.x - 1 - threadIdx.x];
}
__global__ void Mirror(const int* in, int* out) {
  __shared__ int s[64];
  Stage stage{s};
  out[threadIdx.x] = stage.exchange(in[threadIdx.x]);
}
