#pragma once
// Exercise 08, one answer: a normalised coordinate is a fraction of the image, and the centre of
// output pixel x lies at (x + 0.5) / out_width of the way across it (the same for y).

__global__ void Magnify2x(cudaTextureObject_t image, float* out, int out_width, int out_height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= out_width || y >= out_height) return;
  const float u = (static_cast<float>(x) + 0.5f) / static_cast<float>(out_width);
  const float v = (static_cast<float>(y) + 0.5f) / static_cast<float>(out_height);
  out[y * out_width + x] = tex2D<float>(image, u, v);
}
