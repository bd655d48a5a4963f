// simt-translate options: --no-block-loops
// Alignment written on a shared declaration becomes an argument of the block's allocation.
__global__ void AlignedStaging(const float4* in, float4* out) {
  __shared__ __align__(16) float4 staged[64];
  alignas(8) __shared__ int counter;
  if (threadIdx.x == 0) counter = 1;
  staged[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = staged[63 - threadIdx.x];
  out[threadIdx.x].w += static_cast<float>(counter);
}
