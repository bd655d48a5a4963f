// A __shared__ declaration written by a macro.
#define SHARED_TILE(name) __shared__ float name[32]
__global__ void Kernel(float* out) {
  SHARED_TILE(tile);
  tile[threadIdx.x] = 1;
  out[threadIdx.x] = tile[threadIdx.x];
}
