// A CUDA header the emulator has no stand-in for (warp matrix functions).
#include <mma.h>
__global__ void Kernel(float* out) { out[0] = 1; }
