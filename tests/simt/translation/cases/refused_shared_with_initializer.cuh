// CUDA gives __shared__ variables no initializer.
__global__ void Kernel(int* out) {
  __shared__ int counter = 0;
  out[threadIdx.x] = counter;
}
