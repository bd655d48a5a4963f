#pragma once
// Exercise 01, a solution: the bounds check of VecAddBounded.

__global__ void VecAddAnyN(const float* A, const float* B, float* C, int n) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < n) C[i] = A[i] + B[i];
}
