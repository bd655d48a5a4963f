// simt-translate options: --no-block-loops
// A static __shared__ array becomes a reference to the running block's copy.
__global__ void TransposeTile(const float* in, float* out, int n) {
  __shared__ float tile[32][33];
  const int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[(blockIdx.x * 32 + threadIdx.y) * n + blockIdx.y * 32 + threadIdx.x] =
      tile[threadIdx.x][threadIdx.y];
}
