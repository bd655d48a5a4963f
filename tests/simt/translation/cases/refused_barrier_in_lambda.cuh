// A lambda that waits at a barrier: it would have to be a coroutine the kernel awaits.
__global__ void Kernel(int* out) {
  auto step = [&] {
    __syncthreads();
    out[threadIdx.x] = 1;
  };
  step();
}
