// simt-translate options: --no-block-loops
// Macros size shared arrays and shape loops, as real kernels do (#define TILE_DIM 32).
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void TransposeCoalesced(float* out, const float* in, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
