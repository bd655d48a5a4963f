// A __shared__ variable outside any function.
__shared__ int counter;
__global__ void Kernel(int* out) { out[threadIdx.x] = counter; }
