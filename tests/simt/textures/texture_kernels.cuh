#pragma once
// Kernels that sample a 2-D texture object at points the host chose, one point per thread, with
// tex2D<T> for the result types the tests read: float, float4, and integer texels as stored.

__global__ void SampleFloat(cudaTextureObject_t texture, const float2* points, float* samples,
                            int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) samples[i] = tex2D<float>(texture, points[i].x, points[i].y);
}

__global__ void SampleFloat4(cudaTextureObject_t texture, const float2* points, float4* samples,
                             int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) samples[i] = tex2D<float4>(texture, points[i].x, points[i].y);
}

__global__ void SampleInt(cudaTextureObject_t texture, const float2* points, int* samples, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) samples[i] = tex2D<int>(texture, points[i].x, points[i].y);
}

__global__ void SampleUchar(cudaTextureObject_t texture, const float2* points,
                            unsigned char* samples, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) samples[i] = tex2D<unsigned char>(texture, points[i].x, points[i].y);
}
