// The device side of a program in two .cu files, compiled as relocatable device code (nvcc
// -rdc=true, CMake's CUDA_SEPARABLE_COMPILATION): a __constant__ table, a __device__ variable and
// a __device__ function that main.cu declares extern and uses; nvlink links them to its kernel.
__constant__ int weights[4];
__device__ unsigned long long weightedTotal;

__device__ int weightOf(int value) { return weights[value % 4] * value; }
