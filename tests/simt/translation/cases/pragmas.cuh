// nvcc's pragmas: `#pragma unroll N` is GCC's, and without a count GCC's with 32 (which unrolls
// this loop completely, as nvcc does); a count that is not a literal (a macro, a template
// parameter) and `#pragma nounroll` go, as do nvcc's diagnostics pragmas.
#define COUNT 4
#pragma nv_diag_suppress 177
template <int N>
__global__ void Unrolled(float* data) {
  float sum = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i) sum += data[i];
#pragma unroll 4
  for (int i = 0; i < 8; ++i) sum += data[i];
#pragma unroll COUNT
  for (int i = 0; i < 8; ++i) sum += data[i];
#pragma unroll N
  for (int i = 0; i < N; ++i) sum += data[i];
#pragma nounroll
  for (int i = 0; i < 8; ++i) sum += data[i];
  data[threadIdx.x] = sum;
}
template __global__ void Unrolled<2>(float*);
