// A host function that launches a kernel, in the kernel file: the emulator translates device
// code; the launch belongs in a host source, with simt::launch.
__global__ void Kernel(int* out) { out[threadIdx.x] = 1; }
void LaunchIt(int* out) { Kernel<<<1, 32>>>(out); }
