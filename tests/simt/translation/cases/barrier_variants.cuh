// __syncthreads() and the barriers that vote: each is awaited, and knows where it is written.
__global__ void Votes(const int* in, int* out) {
  const int positive = in[threadIdx.x] > 0;
  __syncthreads();
  const int count = __syncthreads_count(positive);
  const int all = __syncthreads_and(positive);
  const int any = __syncthreads_or(positive);
  if (threadIdx.x == 0) out[blockIdx.x] = count * 4 + all * 2 + any;
}
