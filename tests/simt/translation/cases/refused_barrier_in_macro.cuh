// A barrier written by a macro: the translation edits the kernel's text, not the macro's.
#define SYNC() __syncthreads()
__global__ void Kernel(int* out) {
  out[threadIdx.x] = 1;
  SYNC();
}
