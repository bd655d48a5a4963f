// A virtual function cannot be a coroutine.
struct Base {
  virtual __device__ int step(int* s) {
    __syncthreads();
    return s[0];
  }
};
__global__ void Kernel(int* out) {
  Base b;
  out[0] = b.step(out);
}
