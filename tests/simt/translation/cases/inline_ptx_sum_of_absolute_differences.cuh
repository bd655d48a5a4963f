// The summing form of PTX's byte-wise absolute difference, as block-matching kernels write it
// for the sum of absolute differences of four pixels packed in a word.
__device__ unsigned SumOfAbsoluteDifferences(unsigned a, unsigned b, unsigned c) {
  unsigned result;
  asm("vabsdiff4.u32.u32.u32.add"
      " %0, %1, %2, %3;"
      : "=r"(result)
      : "r"(a), "r"(b), "r"(c));
  return result;
}

__global__ void Sad(unsigned* out, const unsigned* left, const unsigned* right) {
  out[threadIdx.x] = SumOfAbsoluteDifferences(left[threadIdx.x], right[threadIdx.x], 0);
}
