// In a template, a call clang cannot resolve is judged by its name; two functions of that name,
// one that waits and one that does not, leave it ambiguous.
__device__ int Pass(int* s) {
  __syncthreads();
  return s[0];
}
__device__ float Pass(float* s) { return s[0]; }
template <class T>
__global__ void Kernel(T* data) {
  data[threadIdx.x] = Pass(data);
}
template __global__ void Kernel<int>(int*);
