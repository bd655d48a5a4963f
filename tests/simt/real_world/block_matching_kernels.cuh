#pragma once
// The sum of absolute differences of 8-bit pixels packed four to a word, as stereo
// block-matching kernels compute it: with PTX's SIMD video instruction in inline assembly.

// |a.byte[k] - b.byte[k]| summed over the four bytes, plus c.
__device__ __forceinline__ unsigned packedSad(unsigned a, unsigned b, unsigned c) {
  unsigned result;
  asm("vabsdiff4.u32.u32.u32.add"
      " %0, %1, %2, %3;"
      : "=r"(result)
      : "r"(a), "r"(b), "r"(c));
  return result;
}

// out[i]: the sum of absolute differences of left and right over words i .. i + window - 1.
__global__ void windowSad(const unsigned* left, const unsigned* right, unsigned* out, int n,
                          int window) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + window > n) return;
  unsigned sum = 0;
  for (int k = 0; k < window; ++k) sum = packedSad(left[i + k], right[i + k], sum);
  out[i] = sum;
}
