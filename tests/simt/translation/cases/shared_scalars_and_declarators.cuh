// simt-translate options: --no-block-loops
// One declaration, several shared variables: each declarator gets its own block copy.
__global__ void CountAndFlag(const int* in, int* out) {
  __shared__ int count, flags[4];
  if (threadIdx.x == 0) count = 0;
  if (threadIdx.x < 4) flags[threadIdx.x] = 0;
  __syncthreads();
  if (in[threadIdx.x] > 0) atomicAdd(&count, 1);
  __syncthreads();
  if (threadIdx.x == 0) out[blockIdx.x] = count + flags[0];
}
