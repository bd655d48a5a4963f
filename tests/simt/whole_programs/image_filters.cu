// Textures and half precision, launched through a macro: an image in a cudaArray and in pitched
// memory, read by tex2D through texture objects, a 3x3 box filter of it written out as __half;
// a layered array summed across its layers with tex2DLayered; a cubemap read with texCubemap in
// the direction of every texel's centre; all checked against CPU loops. Texel values are small
// integers, so that every sum is exact and the GPU's results must equal the CPU's bit for bit.
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

// Point sampling at texel centres, clamped at the edges (the texture's address mode). In the
// program's host part, where this function's body is blanked, its pragmas go too (GCC warns of
// a #pragma unroll, which it does not know).
__device__ float boxSum(cudaTextureObject_t image, int x, int y) {
  float sum = 0.0f;
#pragma unroll
  for (int dy = -1; dy <= 1; ++dy)
#pragma unroll 3
    for (int dx = -1; dx <= 1; ++dx)
      sum +=
          tex2D<float>(image, static_cast<float>(x + dx) + 0.5f, static_cast<float>(y + dy) + 0.5f);
  return sum;
}

__global__ void boxFilter(cudaTextureObject_t image, __half* out, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  out[y * width + x] = __float2half(boxSum(image, x, y));
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

// The sum of a pixel across the layers of a layered texture, and what a layer past the last
// reads (pixel 0 only).
__global__ void layerSums(cudaTextureObject_t layers, float* out, int width, int height, int count,
                          float* beyond) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float sum = 0.0f;
  for (int layer = 0; layer < count; ++layer)
    sum += tex2DLayered<float>(layers, static_cast<float>(x) + 0.5f, static_cast<float>(y) + 0.5f,
                               layer);
  out[y * width + x] = sum;
  if (x == 0 && y == 0) *beyond = tex2DLayered<float>(layers, 0.5f, 0.5f, count);
}

// One cubemap sample per direction.
__global__ void cubemapSamples(cudaTextureObject_t cubemap, const float3* directions, float* out,
                               int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    out[i] = texCubemap<float>(cubemap, directions[i].x, directions[i].y, directions[i].z);
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

cudaResourceDesc arrayResource(cudaArray_t array) {
  cudaResourceDesc resource = {};
  resource.resType = cudaResourceTypeArray;
  resource.res.array.array = array;
  return resource;
}

// Layers of random texels copied in with cudaMemcpy3D, summed by the GPU; pixels that differ.
int checkLayers(std::mt19937& random, float* beyondLast, float* lastLayer) {
  const int width = 64, height = 48, count = 3;
  std::uniform_int_distribution<int> values(0, 255);
  std::vector<float> texels(width * height * count);
  for (float& v : texels) v = static_cast<float>(values(random));
  const cudaChannelFormatDesc format = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  checkCudaErrors(
      cudaMalloc3DArray(&array, &format, make_cudaExtent(width, height, count), cudaArrayLayered));
  cudaMemcpy3DParms copy = {};
  copy.srcPtr = make_cudaPitchedPtr(texels.data(), width * sizeof(float), width, height);
  copy.dstArray = array;
  copy.extent = make_cudaExtent(width, height, count);
  copy.kind = cudaMemcpyHostToDevice;
  checkCudaErrors(cudaMemcpy3D(&copy));
  const cudaTextureObject_t layers = makeTexture(arrayResource(array), cudaAddressModeClamp, false);
  float *d_sums, *d_beyond;
  checkCudaErrors(cudaMalloc(&d_sums, width * height * sizeof(float)));
  checkCudaErrors(cudaMalloc(&d_beyond, sizeof(float)));
  LAUNCH_PER_PIXEL(layerSums, width, height, layers, d_sums, width, height, count, d_beyond);
  std::vector<float> sums(width * height);
  checkCudaErrors(
      cudaMemcpy(sums.data(), d_sums, sums.size() * sizeof(float), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(beyondLast, d_beyond, sizeof(float), cudaMemcpyDeviceToHost));
  *lastLayer = texels[(count - 1) * width * height];
  int wrong = 0;
  for (int p = 0; p < width * height; ++p) {
    float sum = 0.0f;
    for (int layer = 0; layer < count; ++layer) sum += texels[layer * width * height + p];
    if (sums[p] != sum) ++wrong;
  }
  checkCudaErrors(cudaDestroyTextureObject(layers));
  checkCudaErrors(cudaFreeArray(array));
  checkCudaErrors(cudaFree(d_sums));
  checkCudaErrors(cudaFree(d_beyond));
  return wrong;
}

// A cubemap whose texel (i, j) of face f holds 1000 f + 16 j + i, sampled in the direction of
// each texel's centre (the programming guide's table of faces, read backwards); texels the GPU
// does not return.
int checkCubemap() {
  const int size = 16;
  std::vector<float> faces(6 * size * size);
  std::vector<float3> directions;
  for (int f = 0; f < 6; ++f)
    for (int j = 0; j < size; ++j)
      for (int i = 0; i < size; ++i) {
        faces[(f * size + j) * size + i] = static_cast<float>(1000 * f + 16 * j + i);
        const float s = 2.0f * (static_cast<float>(i) + 0.5f) / size - 1.0f;
        const float t = 2.0f * (static_cast<float>(j) + 0.5f) / size - 1.0f;
        const float3 toward[6] = {make_float3(1, -t, -s), make_float3(-1, -t, s),
                                  make_float3(s, 1, t),   make_float3(s, -1, -t),
                                  make_float3(s, -t, 1),  make_float3(-s, -t, -1)};
        directions.push_back(toward[f]);
      }
  const cudaChannelFormatDesc format = cudaCreateChannelDesc<float>();
  cudaArray_t array;
  checkCudaErrors(
      cudaMalloc3DArray(&array, &format, make_cudaExtent(size, size, 6), cudaArrayCubemap));
  cudaMemcpy3DParms copy = {};
  copy.srcPtr = make_cudaPitchedPtr(faces.data(), size * sizeof(float), size, size);
  copy.dstArray = array;
  copy.extent = make_cudaExtent(size, size, 6);
  copy.kind = cudaMemcpyHostToDevice;
  checkCudaErrors(cudaMemcpy3D(&copy));
  const cudaTextureObject_t cubemap = makeTexture(arrayResource(array), cudaAddressModeClamp, true);
  const int count = static_cast<int>(directions.size());
  float3* d_directions;
  float* d_samples;
  checkCudaErrors(cudaMalloc(&d_directions, count * sizeof(float3)));
  checkCudaErrors(cudaMalloc(&d_samples, count * sizeof(float)));
  checkCudaErrors(
      cudaMemcpy(d_directions, directions.data(), count * sizeof(float3), cudaMemcpyHostToDevice));
  cubemapSamples<<<(count + 127) / 128, 128>>>(cubemap, d_directions, d_samples, count);
  checkCudaErrors(cudaGetLastError());
  std::vector<float> samples(count);
  checkCudaErrors(
      cudaMemcpy(samples.data(), d_samples, count * sizeof(float), cudaMemcpyDeviceToHost));
  int wrong = 0;
  for (int k = 0; k < count; ++k) wrong += samples[k] != faces[k];
  checkCudaErrors(cudaDestroyTextureObject(cubemap));
  checkCudaErrors(cudaFreeArray(array));
  checkCudaErrors(cudaFree(d_directions));
  checkCudaErrors(cudaFree(d_samples));
  return wrong;
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

  float beyondLast = 0.0f, lastLayer = 0.0f;
  const int layers_wrong = checkLayers(random, &beyondLast, &lastLayer);
  std::printf("layerSums (3 layers, tex2DLayered): %d of %d pixels differ from the CPU's\n",
              layers_wrong, 64 * 48);
  std::printf("a layer past the last reads the last: %s\n", beyondLast == lastLayer ? "yes" : "no");
  const int cubemap_wrong = checkCubemap();
  std::printf("texCubemap at every texel's centre: %d of %d texels differ\n", cubemap_wrong,
              6 * 16 * 16);

  checkCudaErrors(cudaDestroyTextureObject(clamped));
  checkCudaErrors(cudaDestroyTextureObject(wrapped));
  checkCudaErrors(cudaFreeArray(array));
  checkCudaErrors(cudaFree(pitched));
  checkCudaErrors(cudaFree(d_box));
  checkCudaErrors(cudaFree(d_shifted));
  const bool passed =
      box_wrong == 0 && shift_wrong == 0 && array_kept && layers_wrong == 0 && cubemap_wrong == 0;
  std::printf("%s\n", passed ? "Test PASSED" : "Test FAILED");
  return passed ? EXIT_SUCCESS : EXIT_FAILURE;
}
