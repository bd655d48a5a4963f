// An explicit instantiation of a __device__ function template that waits: its return type is a
// Task there too, and it is compiled once, in the source.
template <unsigned Threads>
__device__ int BlockSum(int* s, int v) {
  s[threadIdx.x] = v;
  __syncthreads();
  for (unsigned stride = Threads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
    __syncthreads();
  }
  return s[0];
}
template __device__ int BlockSum<128>(int*, int);
__global__ void Sums(const int* in, int* out) {
  __shared__ int scratch[128];
  const int total = BlockSum<128>(scratch, in[threadIdx.x]);
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}
