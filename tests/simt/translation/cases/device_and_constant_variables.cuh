// __constant__ and __device__ variables: registered under their device names, so that
// simt::memcpy_to_symbol reaches them from a CUDA source as cudaMemcpyToSymbol does.
__constant__ float coefficients[4];
__device__ unsigned int blocksDone = 0;
static __device__ int hits;
namespace filters {
__constant__ int taps[3];
}
__global__ void Filter(const float* in, float* out) {
  out[threadIdx.x] = coefficients[0] * in[threadIdx.x] + static_cast<float>(filters::taps[1]);
  atomicAdd(&hits, 1);
  if (threadIdx.x == 0) atomicAdd(&blocksDone, 1u);
}
