// simt-translate options: --no-block-loops
// A constexpr function cannot be a coroutine.
// (As block loops, off here, a function that every thread calls alike needs no coroutine.)
constexpr __device__ int Step(int* s) {
  __syncthreads();
  return s[0];
}
__global__ void Kernel(int* out) { out[0] = Step(out); }
