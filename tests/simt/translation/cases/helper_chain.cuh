// simt-translate options: --no-block-loops
// Barriers three calls deep: every function on the way waits, so every one is a coroutine.
// (Block loops, off here, run such a chain as loops where the whole block calls it alike:
// block_loop_helpers.cuh.)
__device__ void Step(int* s, unsigned k) {
  __syncthreads();
  if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
}
__device__ void Tree(int* s) {
  for (unsigned k = blockDim.x / 2; k > 0; k /= 2) Step(s, k);
  __syncthreads();
}
__device__ int Total(int* s, int v) {
  s[threadIdx.x] = v;
  Tree(s);
  return s[0];
}
__global__ void Kernel(const int* in, int* out) {
  __shared__ int s[128];
  out[threadIdx.x] = Total(s, in[threadIdx.x]);
}
