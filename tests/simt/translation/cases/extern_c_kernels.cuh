// extern "C" kernels: the emulator's copies are C++ functions (nvcc's keep the C names), so the
// linkage goes, and a block of them becomes an inline namespace.
extern "C" __global__ void FillOnes(int* out) { out[threadIdx.x] = 1; }
extern "C" {
__device__ int twos = 2;
__global__ void FillTwos(int* out) { out[threadIdx.x] = twos; }
}
