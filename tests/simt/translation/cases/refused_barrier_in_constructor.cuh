// A constructor that waits at a barrier: constructors cannot be coroutines.
struct Staged {
  __device__ Staged(int* s) : shared(s) { __syncthreads(); }
  int* shared;
};
__global__ void Kernel(int* out) {
  Staged staged(out);
  out[threadIdx.x] = staged.shared[0];
}
