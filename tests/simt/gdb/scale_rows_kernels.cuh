#pragma once
// Scales each row of a matrix by a factor of its own, one block per row. The rows are reached
// through a table of pointers; the program that launches it (scale_rows.cpp) never fills in the
// entry of row 2, so block 2 faults, as a kernel with a forgotten allocation does.

__global__ void ScaleRows(float* const* rows, const float* factors, int cols) {
  __shared__ float factor;
  if (threadIdx.x == 0) factor = factors[blockIdx.x];
  __syncthreads();
  float* row = rows[blockIdx.x];
  for (int c = threadIdx.x; c < cols; c += blockDim.x) row[c] *= factor;
}
