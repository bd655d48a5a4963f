// A kernel that waits on a cuda::std::atomic (std::atomic on the emulator) for another thread of
// its block: the CPU thread that runs the block would block, the notifying thread with it.
#include <cuda/std/atomic>

__global__ void WaitForFlag(int* out) {
  __shared__ cuda::std::atomic<int> ready;
  if (threadIdx.x == 0) ready.store(0);
  __syncthreads();
  if (threadIdx.x == 1) {
    ready.store(1);
    ready.notify_all();
  } else {
    ready.wait(0);
  }
  out[threadIdx.x] = ready.load();
}
