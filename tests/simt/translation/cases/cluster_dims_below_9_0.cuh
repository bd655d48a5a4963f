// simt-translate options: --cuda-arch 800
// __cluster_dims__ in a file translated for compute capability 8.0, which nvcc refuses too.
__global__ void __cluster_dims__(2, 1, 1) Pairs(int* out) { out[blockIdx.x] = 1; }
