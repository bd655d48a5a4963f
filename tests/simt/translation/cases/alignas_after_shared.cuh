// alignas after __shared__ at the start of a declaration, as nvcc takes it (clang takes it only
// in front): the translation moves it in front where the file writes it, in a macro's body too,
// keeping lines and offsets.
#define SHARED_ALIGNED(n) __shared__ alignas(n)
__global__ void Kernel(int* out) {
  __shared__ alignas(8) int counter;
  SHARED_ALIGNED(16) float pair[4];
  counter = 1;
  pair[threadIdx.x % 4] = 2.0f;
  out[0] = counter + static_cast<int>(pair[0]);
}
