// Half and bfloat16 kernels use the emulator's cuda_fp16.h and cuda_bf16.h; nothing to rewrite
// but the accesses.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
__global__ void Axpy(const __half* x, __half* y, __half a, __nv_bfloat16* b) {
  const __half2 pair = __halves2half2(x[threadIdx.x], a);
  y[threadIdx.x] = __hfma(a, x[threadIdx.x], y[threadIdx.x]) + __low2half(pair);
  b[threadIdx.x] = __float2bfloat16_rz(__half2float(y[threadIdx.x]));
}
