// A return written by a macro in a function that waits: it cannot become co_return there.
#define RETURN_IF_OUTSIDE(i, n) \
  if ((i) >= (n)) return
__global__ void Kernel(int* out, int n) {
  RETURN_IF_OUTSIDE(threadIdx.x, n);
  __syncthreads();
  out[threadIdx.x] = 1;
}
