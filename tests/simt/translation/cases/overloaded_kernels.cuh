// Kernels overloaded by parameter type: each registered through a cast that picks it.
__global__ void Fill(float* out, float value) { out[threadIdx.x] = value; }
__global__ void Fill(int* out, int value) { out[threadIdx.x] = value; }
