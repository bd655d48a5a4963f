// A constexpr function cannot be a coroutine.
constexpr __device__ int Step(int* s) {
  __syncthreads();
  return s[0];
}
__global__ void Kernel(int* out) { out[0] = Step(out); }
