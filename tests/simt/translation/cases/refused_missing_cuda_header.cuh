// A CUDA header the emulator has no stand-in for (cuRAND's device functions).
#include <curand_kernel.h>
__global__ void Kernel(float* out) { out[0] = 1; }
