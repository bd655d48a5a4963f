// alignas after __shared__, which nvcc takes and clang does not: the message says which order
// both take.
__global__ void Kernel(int* out) {
  __shared__ alignas(8) int counter;
  counter = 1;
  out[0] = counter;
}
