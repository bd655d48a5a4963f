// What main.cpp calls in scaled_sums.cu: C functions, as sample collections write the boundary
// between their C++ and CUDA files.
#pragma once

extern "C" {
// Copies the four coefficients into the kernels' __constant__ table.
void setCoefficients(const float* coefficients);
// Sums `input[i] * coefficients[i % 4]` over each block of `block_size` elements into
// `sums[block]`; `block_size` is 128 or 256.
void launchScaledSums(const float* input, float* sums, int n, int block_size);
}
