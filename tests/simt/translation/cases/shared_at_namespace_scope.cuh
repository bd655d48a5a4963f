// simt-translate options: --no-block-loops
// __shared__ variables declared outside any function, as older CUDA code often writes them: each
// function that names one (a kernel, a device function, a lambda) takes the running block's copy,
// so kernels and helpers of one block share it; a qualified name loses its qualifier.
#define TILE 64
__shared__ float tile[TILE];
namespace stage {
__shared__ __align__(16) int counts[4];
}
extern __shared__ float spill[];

__device__ float Neighbour(int i) { return tile[(i + 1) % TILE]; }

__global__ void Rotate(const float* in, float* out) {
  tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = Neighbour(threadIdx.x);
}

__global__ void Count(const float* in, int* out) {
  if (threadIdx.x < 4) stage::counts[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&stage::counts[threadIdx.x % 4], in[threadIdx.x] > 0.5f);
  __syncthreads();
  if (threadIdx.x < 4) out[threadIdx.x] = stage::counts[threadIdx.x] + int(tile[0]);
}

__global__ void Reverse(float* data) {
  auto load = [&] { spill[threadIdx.x] = data[threadIdx.x]; };
  load();
  __syncthreads();
  data[threadIdx.x] = spill[blockDim.x - 1 - threadIdx.x];
}
