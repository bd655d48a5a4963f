// simt-translate options: --no-block-loops
// An early return in a kernel with a barrier: co_return; the thread no longer holds the
// barrier up, as on the GPU.
__global__ void Shift(const float* in, float* out, int n) {
  __shared__ float s[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  s[threadIdx.x] = in[i];
  __syncthreads();
  out[i] = s[(threadIdx.x + 1) % blockDim.x];
}
