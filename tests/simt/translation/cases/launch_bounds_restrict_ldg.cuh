// __launch_bounds__, __restrict__, __ldg and #pragma unroll together, in a function the header
// only declares.
__global__ void __launch_bounds__(256)
    Scale4(const float* __restrict__ in, float* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x * 4 + threadIdx.x;
#pragma unroll
  for (int k = 0; k < 4; ++k)
    if (i + k * 256 < n) out[i + k * 256] = 2.0f * __ldg(&in[i + k * 256]);
}
