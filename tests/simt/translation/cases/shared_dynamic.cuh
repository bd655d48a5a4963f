// simt-translate options: --no-block-loops
// extern __shared__ memory: sized by the launch.
__global__ void ReverseInBlock(const float* in, float* out) {
  extern __shared__ float buffer[];
  buffer[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buffer[blockDim.x - 1 - threadIdx.x];
}
