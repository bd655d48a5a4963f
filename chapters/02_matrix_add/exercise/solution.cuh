#pragma once
// Exercise 02, a solution: chapter 02's MatAdd indexing.

__global__ void MatScale(const float* A, float* C, float alpha, int rows, int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) C[row * cols + col] = alpha * A[row * cols + col];
}
