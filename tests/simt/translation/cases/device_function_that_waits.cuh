// simt-translate options: --no-block-loops
// A __device__ function with a barrier is a coroutine returning simt::Task<R>; each call of it
// is awaited and its returns are co_return.
// (Block loops, off here, run a function that the whole block calls alike as loops instead:
// block_loop_helpers.cuh.)
__device__ int BlockSum(int* s, int v) {
  s[threadIdx.x] = v;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  return s[0];
}
__global__ void Sums(const int* in, int* out) {
  __shared__ int scratch[256];
  const int total = BlockSum(scratch, in[blockIdx.x * blockDim.x + threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}
