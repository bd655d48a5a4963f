// 8x8 block transforms with their shared buffers declared at file scope, as older image-codec
// samples write them: two kernels and a device function of theirs name the same buffers, and
// each block gets its own copy of them.
#pragma once

#define BLOCK_SIDE 8
#define BLOCK_AREA (BLOCK_SIDE * BLOCK_SIDE)

__shared__ float BlockIn[BLOCK_AREA];
__shared__ float BlockOut[BLOCK_AREA];

// The element the thread at (tx, ty) writes: the transposed one, scaled.
__device__ float transposedElement(int tx, int ty, float scale) {
  return scale * BlockIn[tx * BLOCK_SIDE + ty];
}

// Transposes each 8x8 block of a width x height image in place within its block and scales it.
__global__ void transposeBlocks(float* dst, const float* src, int width, float scale) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * BLOCK_SIDE + tx, y = blockIdx.y * BLOCK_SIDE + ty;
  BlockIn[ty * BLOCK_SIDE + tx] = src[y * width + x];
  __syncthreads();
  BlockOut[ty * BLOCK_SIDE + tx] = transposedElement(tx, ty, scale);
  __syncthreads();
  dst[y * width + x] = BlockOut[ty * BLOCK_SIDE + tx];
}

// The sum of each 8x8 block: its rows summed by eight threads, then the row sums by one.
__global__ void blockSums(float* sums, const float* src, int width) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * BLOCK_SIDE + tx, y = blockIdx.y * BLOCK_SIDE + ty;
  BlockIn[ty * BLOCK_SIDE + tx] = src[y * width + x];
  __syncthreads();
  if (tx == 0) {
    float row = 0;
    for (int i = 0; i < BLOCK_SIDE; i++) row += BlockIn[ty * BLOCK_SIDE + i];
    BlockOut[ty] = row;
  }
  __syncthreads();
  if (tx == 0 && ty == 0) {
    float total = 0;
    for (int i = 0; i < BLOCK_SIDE; i++) total += BlockOut[i];
    sums[blockIdx.y * gridDim.x + blockIdx.x] = total;
  }
}
