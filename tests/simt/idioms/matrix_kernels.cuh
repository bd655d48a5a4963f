#pragma once
// Idioms of tiled matrix code: a multiply with square tiles of a compile-time size in 2D
// __shared__ arrays, a transpose through a padded tile whose threads outside the matrix return
// early, and a matrix-vector product that keeps a slice of the vector in shared memory.

// C = A * B for row-major A (hA x wA) and B (wA x wB), every dimension a multiple of BLOCK_SIZE,
// with blocks of BLOCK_SIZE x BLOCK_SIZE threads.
template <int BLOCK_SIZE>
__global__ void MatrixMulTiled(float* C, const float* A, const float* B, int wA, int wB) {
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BLOCK_SIZE * by;
  int aEnd = aBegin + wA - 1;
  int aStep = BLOCK_SIZE;
  int bBegin = BLOCK_SIZE * bx;
  int bStep = BLOCK_SIZE * wB;
  float Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}

// out = transpose(in) for a rows x cols matrix, with 32 x 32 tiles padded to 33 columns and
// blocks of 32 x 8 threads. Tiles on the edges hang over the matrix: the threads whose column
// is outside return at once, the others guard each row.
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void TransposePadded(float* out, const float* in, int rows, int cols) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  if (x >= rows) return;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    if (y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

// y = A * x for a row-major rows x cols matrix: one thread per row, the vector staged through
// shared memory one blockDim.x-wide slice at a time. Threads past the last row still help load
// the vector (every thread must reach the barriers), then have nothing to store.
__global__ void MatVecSharedSlices(float* y, const float* A, const float* x, int rows, int cols) {
  extern __shared__ float xs[];
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int base = 0; base < cols; base += blockDim.x) {
    int c = base + threadIdx.x;
    xs[threadIdx.x] = c < cols ? x[c] : 0.0f;
    __syncthreads();
    if (row < rows) {
      int width = min(static_cast<int>(blockDim.x), cols - base);
      for (int k = 0; k < width; ++k)
        sum += A[static_cast<long long>(row) * cols + base + k] * xs[k];
    }
    __syncthreads();
  }
  if (row < rows) y[row] = sum;
}

template __global__ void MatrixMulTiled<16>(float*, const float*, const float*, int, int);
template __global__ void MatrixMulTiled<32>(float*, const float*, const float*, int, int);
