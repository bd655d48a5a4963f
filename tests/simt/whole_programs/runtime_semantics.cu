// What the runtime API answers, call by call, printed one line each: the test runs it on the
// emulator and expects the lines this program prints on an H100 (the same source, built by
// nvcc), so that the emulator's error codes and their stickiness are the GPU's.
// The failing assert below is part of the test, in Release builds too.
#undef NDEBUG
#include <cassert>
#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

__global__ void noop() {}

// At file scope, as many programs declare their dynamic shared memory.
extern __shared__ int buffer[];

__global__ void useDynamicShared(int* out) {
  buffer[threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) *out = buffer[blockDim.x - 1];
}

__global__ void checkPositive(const int* data) { assert(data[threadIdx.x] > 0); }

void show(const char* what, cudaError_t error) {
  std::printf("%s: %s\n", what, cudaGetErrorName(error));
}

int main() {
  int* data = nullptr;
  show("cudaMalloc of 0 bytes", cudaMalloc(&data, 0));
  std::printf("  pointer is %s\n", data == nullptr ? "null" : "not null");
  show("cudaMalloc of 4096 bytes", cudaMalloc(&data, 4096));
  int* stack_pointer = data + 1;
  show("cudaFree of an address inside an allocation", cudaFree(stack_pointer));
  show("cudaGetLastError after it", cudaGetLastError());
  show("cudaGetLastError again", cudaGetLastError());
  int host[2048] = {};
  show("cudaMemcpy of 4096 bytes to the allocation",
       cudaMemcpy(data, host, 4096, cudaMemcpyHostToDevice));
  show("cudaMemcpy with an invalid kind", cudaMemcpy(data, host, 16, cudaMemcpyKind(7)));
  cudaGetLastError();

  noop<<<1, 1025>>>();
  show("a launch of 1025 threads per block", cudaGetLastError());
  noop<<<dim3(1, 65536), 1>>>();
  show("a launch of 65536 blocks along y", cudaGetLastError());
  noop<<<1, 32>>>();
  show("a launch of 32 threads", cudaGetLastError());
  show("cudaDeviceSynchronize", cudaDeviceSynchronize());

  useDynamicShared<<<1, 256, 64 * 1024>>>(data);
  show("64 KiB of dynamic shared memory without the attribute", cudaGetLastError());
  show("cudaFuncSetAttribute to 64 KiB",
       cudaFuncSetAttribute(useDynamicShared, cudaFuncAttributeMaxDynamicSharedMemorySize,
                            64 * 1024));
  useDynamicShared<<<1, 256, 64 * 1024>>>(data);
  show("64 KiB of dynamic shared memory with it", cudaGetLastError());
  show("cudaFuncSetAttribute to 300 KiB",
       cudaFuncSetAttribute(useDynamicShared, cudaFuncAttributeMaxDynamicSharedMemorySize,
                            300 * 1024));
  cudaGetLastError();
  int value = 0;
  show("cudaMemcpy back", cudaMemcpy(&value, data, sizeof value, cudaMemcpyDeviceToHost));
  std::printf("  the kernel wrote %d\n", value);

  cudaEvent_t start, stop, untimed;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  show("cudaEventCreateWithFlags(cudaEventDisableTiming)",
       cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
  float ms = -1;
  show("cudaEventElapsedTime before recording", cudaEventElapsedTime(&ms, start, stop));
  cudaGetLastError();
  cudaEventRecord(start);
  noop<<<1, 1>>>();
  cudaEventRecord(stop);
  cudaEventRecord(untimed);
  cudaEventSynchronize(stop);
  show("cudaEventElapsedTime", cudaEventElapsedTime(&ms, start, stop));
  std::printf("  elapsed time is %s\n", ms >= 0 ? "not negative" : "negative");
  show("cudaEventElapsedTime with an untimed event", cudaEventElapsedTime(&ms, start, untimed));
  cudaGetLastError();
  show("cudaEventQuery", cudaEventQuery(stop));

  cudaStream_t stream;
  show("cudaStreamCreate", cudaStreamCreate(&stream));
  show("cudaStreamQuery", cudaStreamQuery(stream));
  show("cudaStreamDestroy", cudaStreamDestroy(stream));

  int count = 0;
  show("cudaGetDeviceCount", cudaGetDeviceCount(&count));
  show("cudaSetDevice(count)", cudaSetDevice(count));
  show("cudaGetLastError after it", cudaGetLastError());
  int warp = 0;
  cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, 0);
  std::printf("  warp size %d\n", warp);

  // Arrays and texture objects.
  const cudaChannelFormatDesc three =
      cudaCreateChannelDesc(32, 32, 32, 0, cudaChannelFormatKindFloat);
  const cudaChannelFormatDesc one_float = cudaCreateChannelDesc<float>();
  cudaArray_t array = nullptr;
  show("cudaMallocArray of 3-channel texels", cudaMallocArray(&array, &three, 16, 16));
  show("cudaMallocArray of 16 x 16 floats", cudaMallocArray(&array, &one_float, 16, 16));
  show("cudaMemcpy2DToArray of 16 rows",
       cudaMemcpy2DToArray(array, 0, 0, host, 64, 64, 16, cudaMemcpyHostToDevice));
  show("cudaMemcpy2DToArray one float to the right",
       cudaMemcpy2DToArray(array, 4, 0, host, 64, 64, 16, cudaMemcpyHostToDevice));
  show("cudaMemcpy2DToArray one row down",
       cudaMemcpy2DToArray(array, 0, 1, host, 64, 64, 16, cudaMemcpyHostToDevice));
  cudaExtent extent{};
  cudaArray_t row = nullptr;
  show("cudaMallocArray of 100 floats (height 0)", cudaMallocArray(&row, &one_float, 100));
  cudaArrayGetInfo(nullptr, &extent, nullptr, row);
  std::printf("  its extent %zu %zu %zu\n", extent.width, extent.height, extent.depth);
  cudaResourceDesc resource = {};
  resource.resType = cudaResourceTypeArray;
  resource.res.array.array = array;
  cudaTextureDesc sampling = {};
  sampling.filterMode = cudaFilterModeLinear;
  cudaTextureObject_t texture = 0;
  show("cudaCreateTextureObject", cudaCreateTextureObject(&texture, &resource, &sampling, nullptr));
  show("cudaDestroyTextureObject", cudaDestroyTextureObject(texture));
  show("cudaDestroyTextureObject again", cudaDestroyTextureObject(texture));
  float* pitched = nullptr;
  size_t pitch = 0;
  show("cudaMallocPitch of 200 rows of 1200 bytes", cudaMallocPitch(&pitched, &pitch, 1200, 200));
  std::printf("  pitch %zu, start %s\n", pitch,
              reinterpret_cast<size_t>(pitched) % 512 == 0 ? "512-byte aligned" : "unaligned");
  resource = {};
  resource.resType = cudaResourceTypePitch2D;
  resource.res.pitch2D = {pitched + 1, one_float, 300, 200, pitch};
  show("cudaCreateTextureObject over pitched memory not aligned",
       cudaCreateTextureObject(&texture, &resource, &sampling, nullptr));
  cudaFreeArray(array);
  cudaFreeArray(row);
  cudaFree(pitched);

  // Managed memory, stream-ordered allocation, peers.
  float* managed = nullptr;
  cudaMallocManaged(&managed, 4096);
  const cudaMemLocation gpu{cudaMemLocationTypeDevice, 0};
  show("cudaMemPrefetchAsync of managed memory",
       cudaMemPrefetchAsync(managed, 4096, gpu, 0, nullptr));
  show("cudaMemPrefetchAsync past its end", cudaMemPrefetchAsync(managed, 8192, gpu, 0, nullptr));
  show("cudaMemPrefetchAsync of cudaMalloc memory",
       cudaMemPrefetchAsync(data, 4096, gpu, 0, nullptr));
  show("cudaMemPrefetchAsync to device 3",
       cudaMemPrefetchAsync(managed, 4096, cudaMemLocation{cudaMemLocationTypeDevice, 3}, 0,
                            nullptr));
  show("cudaMemAdvise of cudaMalloc memory",
       cudaMemAdvise(data, 4096, cudaMemAdviseSetPreferredLocation, gpu));
  cudaFree(managed);
  cudaMemPool_t pool;
  show("cudaDeviceGetDefaultMemPool", cudaDeviceGetDefaultMemPool(&pool, 0));
  unsigned long long threshold = 12345;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  threshold = 0;
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold);
  std::printf("  release threshold set and read back: %llu\n", threshold);
  show("cudaMemPoolSetAttribute of the used high-water mark to 5",
       cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &threshold));
  int peer = -1;
  show("cudaDeviceCanAccessPeer(0, 0)", cudaDeviceCanAccessPeer(&peer, 0, 0));
  std::printf("  can access: %d\n", peer);
  show("cudaDeviceEnablePeerAccess(0)", cudaDeviceEnablePeerAccess(0, 0));
  cudaGetLastError();

  show("cudaMemset of the allocation to 0", cudaMemset(data, 0, 4096));
  checkPositive<<<1, 32>>>(data);
  show("a kernel whose assert fails, then cudaDeviceSynchronize", cudaDeviceSynchronize());
  show("cudaGetLastError after it", cudaGetLastError());
  show("cudaGetLastError again (the error is sticky)", cudaGetLastError());
  show("cudaMalloc after it", cudaMalloc(&data, 16));
  return EXIT_SUCCESS;
}
