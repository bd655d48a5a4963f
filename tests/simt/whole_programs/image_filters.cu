// Textures and half precision, launched through a macro: an image in a cudaArray and in pitched
// memory, read by tex2D through texture objects, a 3x3 box filter of it written out as __half,
// checked against CPU loops. Texel values are small integers, so that every sum is exact and
// the GPU's results must equal the CPU's bit for bit.
#include <cuda_fp16.h>

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "check_cuda.h"

// One thread per pixel, 16 x 16 blocks: a launch written once for every filter.
#define LAUNCH_PER_PIXEL(kernel, width, height, ...)                                      \
  kernel<<<dim3(((width) + 15) / 16, ((height) + 15) / 16), dim3(16, 16)>>>(__VA_ARGS__); \
  checkCudaErrors(cudaGetLastError())

// Point sampling at texel centres, clamped at the edges (the texture's address mode).
__global__ void boxFilter(cudaTextureObject_t image, __half* out, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float sum = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      sum +=
          tex2D<float>(image, static_cast<float>(x + dx) + 0.5f, static_cast<float>(y + dy) + 0.5f);
  out[y * width + x] = __float2half(sum);
}

// The same image through normalised coordinates that wrap around its edges.
__global__ void shiftWrapped(cudaTextureObject_t image, float* out, int width, int height,
                             int shift) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const float u = (static_cast<float>(x + shift) + 0.5f) / static_cast<float>(width);
  const float v = (static_cast<float>(y + shift) + 0.5f) / static_cast<float>(height);
  out[y * width + x] = tex2D<float>(image, u, v);
}

cudaTextureObject_t makeTexture(const cudaResourceDesc& resource, cudaTextureAddressMode mode,
                                bool normalized) {
  cudaTextureDesc sampling = {};
  sampling.addressMode[0] = mode;
  sampling.addressMode[1] = mode;
  sampling.filterMode = cudaFilterModePoint;
  sampling.readMode = cudaReadModeElementType;
  sampling.normalizedCoords = normalized;
  cudaTextureObject_t texture = 0;
  checkCudaErrors(cudaCreateTextureObject(&texture, &resource, &sampling, nullptr));
  return texture;
}

int main() {
  findCudaDevice();
  const int width = 300;
  const int height = 200;
  const int shift = 37;
  std::mt19937 random(std::random_device{}());
  std::uniform_int_distribution<int> values(0, 255);
  std::vector<float> image(width * height);
  for (float& v : image) v = static_cast<float>(values(random));

  // The image in a cudaArray, and in pitched memory.
  const cudaChannelFormatDesc format = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  checkCudaErrors(cudaMallocArray(&array, &format, width, height));
  checkCudaErrors(cudaMemcpy2DToArray(array, 0, 0, image.data(), width * sizeof(float),
                                      width * sizeof(float), height, cudaMemcpyHostToDevice));
  float* pitched;
  size_t pitch = 0;
  checkCudaErrors(cudaMallocPitch(&pitched, &pitch, width * sizeof(float), height));
  checkCudaErrors(cudaMemcpy2D(pitched, pitch, image.data(), width * sizeof(float),
                               width * sizeof(float), height, cudaMemcpyHostToDevice));
  cudaResourceDesc in_array = {};
  in_array.resType = cudaResourceTypeArray;
  in_array.res.array.array = array;
  cudaResourceDesc in_pitched = {};
  in_pitched.resType = cudaResourceTypePitch2D;
  in_pitched.res.pitch2D.devPtr = pitched;
  in_pitched.res.pitch2D.desc = format;
  in_pitched.res.pitch2D.width = width;
  in_pitched.res.pitch2D.height = height;
  in_pitched.res.pitch2D.pitchInBytes = pitch;
  const cudaTextureObject_t clamped = makeTexture(in_array, cudaAddressModeClamp, false);
  const cudaTextureObject_t wrapped = makeTexture(in_pitched, cudaAddressModeWrap, true);

  __half* d_box;
  float* d_shifted;
  checkCudaErrors(cudaMalloc(&d_box, width * height * sizeof(__half)));
  checkCudaErrors(cudaMalloc(&d_shifted, width * height * sizeof(float)));
  LAUNCH_PER_PIXEL(boxFilter, width, height, clamped, d_box, width, height);
  LAUNCH_PER_PIXEL(shiftWrapped, width, height, wrapped, d_shifted, width, height, shift);
  checkCudaErrors(cudaDeviceSynchronize());
  std::vector<__half> box(width * height);
  std::vector<float> shifted(width * height);
  std::vector<float> back(width * height);
  checkCudaErrors(
      cudaMemcpy(box.data(), d_box, box.size() * sizeof(__half), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(shifted.data(), d_shifted, shifted.size() * sizeof(float),
                             cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy2DFromArray(back.data(), width * sizeof(float), array, 0, 0,
                                        width * sizeof(float), height, cudaMemcpyDeviceToHost));

  // The CPU's filters: clamped indices, wrapped indices, the sum rounded to half as the kernel's.
  int box_wrong = 0;
  int shift_wrong = 0;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      float sum = 0.0f;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int cx = std::min(std::max(x + dx, 0), width - 1);
          const int cy = std::min(std::max(y + dy, 0), height - 1);
          sum += image[cy * width + cx];
        }
      if (__half2float(box[y * width + x]) != __half2float(__float2half(sum))) ++box_wrong;
      const float expected = image[(y + shift) % height * width + (x + shift) % width];
      if (shifted[y * width + x] != expected) ++shift_wrong;
    }
  }
  const bool array_kept = back == image;
  std::printf("boxFilter (cudaArray, clamped, __half out): %d of %d pixels differ from the CPU's\n",
              box_wrong, width * height);
  std::printf("shiftWrapped (pitched memory, pitch %zu, normalised, wrapped): %d of %d differ\n",
              pitch, shift_wrong, width * height);
  std::printf("cudaMemcpy2DFromArray gives back the image: %s\n", array_kept ? "yes" : "no");

  checkCudaErrors(cudaDestroyTextureObject(clamped));
  checkCudaErrors(cudaDestroyTextureObject(wrapped));
  checkCudaErrors(cudaFreeArray(array));
  checkCudaErrors(cudaFree(pitched));
  checkCudaErrors(cudaFree(d_box));
  checkCudaErrors(cudaFree(d_shifted));
  const bool passed = box_wrong == 0 && shift_wrong == 0 && array_kept;
  std::printf("%s\n", passed ? "Test PASSED" : "Test FAILED");
  return passed ? EXIT_SUCCESS : EXIT_FAILURE;
}
