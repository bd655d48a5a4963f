// A static kernel, as kernel headers included by several sources have them: registered by its
// device name, which the emulator finds from any CUDA source's launch.
static __global__ void Increment(int* data) { data[threadIdx.x] += 1; }
