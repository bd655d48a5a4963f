// simt-translate options: --no-block-loops
// Accesses through pointers are reported to the checks: loads, stores, read-modify-writes.
__global__ void Accesses(const int* in, int* out, int* counts) {
  __shared__ int s[64];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x] * 2;
  counts[threadIdx.x] += 1;
  ++counts[threadIdx.x];
  *(out + threadIdx.x) -= *in;
}
