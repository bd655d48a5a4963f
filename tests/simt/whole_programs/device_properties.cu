// Every field of cudaDeviceProp and every device attribute the emulator answers, one line each,
// as deviceQuery-style programs print them, and the cluster occupancy calculators' answers for a
// kernel: the test expects the lines an H100 printed.
#include <cstdio>
#include <cstdlib>

#include "check_cuda.h"

// Only asked about, never launched.
__global__ void ClusterKernel(int* out) {
  extern __shared__ int staged[];
  staged[threadIdx.x] = 1;
  __syncthreads();
  if (out != nullptr) out[blockIdx.x] = staged[0];
}

// How large a cluster of 256-thread blocks may be, and how many clusters of each size fit at once
// with 0, 28, 57 and 114 KB of dynamic shared memory per block (8, 7, 3 and 1 blocks per SM).
void print_cluster_occupancy() {
  checkCudaErrors(
      cudaFuncSetAttribute(ClusterKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 114 << 10));
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(16 * 16);
  config.blockDim = dim3(256);
  for (int non_portable = 0; non_portable < 2; ++non_portable) {
    checkCudaErrors(cudaFuncSetAttribute(
        ClusterKernel, cudaFuncAttributeNonPortableClusterSizeAllowed, non_portable));
    int largest = 0;
    checkCudaErrors(cudaOccupancyMaxPotentialClusterSize(&largest, ClusterKernel, &config));
    std::printf("largest cluster, non-portable sizes %s: %d\n", non_portable ? "allowed" : "not",
                largest);
  }
  cudaLaunchAttribute cluster[1];
  cluster[0].id = cudaLaunchAttributeClusterDimension;
  cluster[0].val.clusterDim.y = cluster[0].val.clusterDim.z = 1;
  config.attrs = cluster;
  config.numAttrs = 1;
  for (int kb : {0, 28, 57, 114}) {
    config.dynamicSmemBytes = std::size_t(kb) << 10;
    std::printf("active clusters of 1..16 blocks, %d KB each:", kb);
    for (unsigned size = 1; size <= 16; ++size) {
      cluster[0].val.clusterDim.x = size;
      config.gridDim = dim3(16 * size);  // whole clusters
      int active = 0;
      checkCudaErrors(cudaOccupancyMaxActiveClusters(&active, ClusterKernel, &config));
      std::printf(" %d", active);
    }
    std::printf("\n");
  }
  cluster[0].val.clusterDim.x = 2;
  cluster[0].val.clusterDim.y = 3;
  config.dynamicSmemBytes = 0;
  config.gridDim = dim3(16, 3);
  int active = 0;
  checkCudaErrors(cudaOccupancyMaxActiveClusters(&active, ClusterKernel, &config));
  std::printf("active clusters of 2 x 3 blocks: %d\n", active);
  config.gridDim = dim3(15, 3);  // not a whole number of clusters
  std::printf("a grid of 15 x 3 blocks in 2 x 3 clusters: %s\n",
              cudaGetErrorName(cudaOccupancyMaxActiveClusters(&active, ClusterKernel, &config)));
  checkCudaErrors(
      cudaFuncSetAttribute(ClusterKernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 0));
  cluster[0].val.clusterDim.x = 9;
  cluster[0].val.clusterDim.y = 1;
  config.gridDim = dim3(18);
  std::printf("a cluster of 9 blocks, non-portable sizes not allowed: %s\n",
              cudaGetErrorName(cudaOccupancyMaxActiveClusters(&active, ClusterKernel, &config)));
  checkCudaErrors(
      cudaFuncSetAttribute(ClusterKernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  cluster[0].val.clusterDim.x = 16;
  cluster[0].val.clusterDim.y = 2;
  config.gridDim = dim3(32, 2);
  active = -1;
  checkCudaErrors(cudaOccupancyMaxActiveClusters(&active, ClusterKernel, &config));
  std::printf("active clusters of 16 x 2 blocks, past the largest: %d\n", active);
  config.numAttrs = 0;
  active = -1;
  checkCudaErrors(cudaOccupancyMaxActiveClusters(&active, ClusterKernel, &config));
  std::printf("active clusters of a launch without clusters: %d\n", active);
  cudaGetLastError();  // the two refusals above are the answers asked for
}

int main() {
  cudaDeviceProp p;
  checkCudaErrors(cudaGetDeviceProperties(&p, 0));
  std::printf("name %s\n", p.name);
  std::printf("totalGlobalMem %zu\n", p.totalGlobalMem);
  std::printf("sharedMemPerBlock %zu\n", p.sharedMemPerBlock);
  std::printf("regsPerBlock %d\n", p.regsPerBlock);
  std::printf("warpSize %d\n", p.warpSize);
  std::printf("memPitch %zu\n", p.memPitch);
  std::printf("maxThreadsPerBlock %d\n", p.maxThreadsPerBlock);
  std::printf("maxThreadsDim %d %d %d\n", p.maxThreadsDim[0], p.maxThreadsDim[1],
              p.maxThreadsDim[2]);
  std::printf("maxGridSize %d %d %d\n", p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]);
  std::printf("totalConstMem %zu\n", p.totalConstMem);
  std::printf("compute capability %d.%d\n", p.major, p.minor);
  std::printf("textureAlignment %zu\n", p.textureAlignment);
  std::printf("texturePitchAlignment %zu\n", p.texturePitchAlignment);
  std::printf("maxTexture1D %d\n", p.maxTexture1D);
  std::printf("maxTexture2D %d %d\n", p.maxTexture2D[0], p.maxTexture2D[1]);
  std::printf("maxTexture2DLinear %d %d %d\n", p.maxTexture2DLinear[0], p.maxTexture2DLinear[1],
              p.maxTexture2DLinear[2]);
  std::printf("maxTexture3D %d %d %d\n", p.maxTexture3D[0], p.maxTexture3D[1], p.maxTexture3D[2]);
  std::printf("multiProcessorCount %d\n", p.multiProcessorCount);
  std::printf("integrated %d\n", p.integrated);
  std::printf("canMapHostMemory %d\n", p.canMapHostMemory);
  std::printf("concurrentKernels %d\n", p.concurrentKernels);
  std::printf("asyncEngineCount %d\n", p.asyncEngineCount);
  std::printf("unifiedAddressing %d\n", p.unifiedAddressing);
  std::printf("memoryBusWidth %d\n", p.memoryBusWidth);
  std::printf("l2CacheSize %d\n", p.l2CacheSize);
  std::printf("persistingL2CacheMaxSize %d\n", p.persistingL2CacheMaxSize);
  std::printf("maxThreadsPerMultiProcessor %d\n", p.maxThreadsPerMultiProcessor);
  std::printf("streamPrioritiesSupported %d\n", p.streamPrioritiesSupported);
  std::printf("globalL1CacheSupported %d\n", p.globalL1CacheSupported);
  std::printf("localL1CacheSupported %d\n", p.localL1CacheSupported);
  std::printf("sharedMemPerMultiprocessor %zu\n", p.sharedMemPerMultiprocessor);
  std::printf("regsPerMultiprocessor %d\n", p.regsPerMultiprocessor);
  std::printf("managedMemory %d\n", p.managedMemory);
  std::printf("isMultiGpuBoard %d\n", p.isMultiGpuBoard);
  std::printf("pageableMemoryAccess %d\n", p.pageableMemoryAccess);
  std::printf("concurrentManagedAccess %d\n", p.concurrentManagedAccess);
  std::printf("computePreemptionSupported %d\n", p.computePreemptionSupported);
  std::printf("canUseHostPointerForRegisteredMem %d\n", p.canUseHostPointerForRegisteredMem);
  std::printf("cooperativeLaunch %d\n", p.cooperativeLaunch);
  std::printf("sharedMemPerBlockOptin %zu\n", p.sharedMemPerBlockOptin);
  std::printf("directManagedMemAccessFromHost %d\n", p.directManagedMemAccessFromHost);
  std::printf("maxBlocksPerMultiProcessor %d\n", p.maxBlocksPerMultiProcessor);
  std::printf("accessPolicyMaxWindowSize %d\n", p.accessPolicyMaxWindowSize);
  std::printf("reservedSharedMemPerBlock %zu\n", p.reservedSharedMemPerBlock);
  std::printf("hostRegisterSupported %d\n", p.hostRegisterSupported);
  std::printf("memoryPoolsSupported %d\n", p.memoryPoolsSupported);
  std::printf("clusterLaunch %d\n", p.clusterLaunch);
  std::printf("unifiedFunctionPointers %d\n", p.unifiedFunctionPointers);
  const struct {
    cudaDeviceAttr attribute;
    const char* name;
  } attributes[] = {
      {cudaDevAttrClockRate, "cudaDevAttrClockRate"},
      {cudaDevAttrMemoryClockRate, "cudaDevAttrMemoryClockRate"},
      {cudaDevAttrMaxSharedMemoryPerBlockOptin, "cudaDevAttrMaxSharedMemoryPerBlockOptin"},
      {cudaDevAttrMaxPersistingL2CacheSize, "cudaDevAttrMaxPersistingL2CacheSize"},
      {cudaDevAttrKernelExecTimeout, "cudaDevAttrKernelExecTimeout"},
      {cudaDevAttrGpuOverlap, "cudaDevAttrGpuOverlap"},
      {cudaDevAttrComputeMode, "cudaDevAttrComputeMode"},
      {cudaDevAttrHostNativeAtomicSupported, "cudaDevAttrHostNativeAtomicSupported"}};
  for (const auto& a : attributes) {
    int value = 0;
    checkCudaErrors(cudaDeviceGetAttribute(&value, a.attribute, 0));
    std::printf("%s %d\n", a.name, value);
  }
  int driver = 0;
  int runtime = 0;
  checkCudaErrors(cudaDriverGetVersion(&driver));
  checkCudaErrors(cudaRuntimeGetVersion(&runtime));
  std::printf("runtime version %d\n", runtime);
  size_t stack = 0;
  size_t fifo = 0;
  size_t heap = 0;
  checkCudaErrors(cudaDeviceGetLimit(&stack, cudaLimitStackSize));
  checkCudaErrors(cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize));
  checkCudaErrors(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
  std::printf("limits: stack %zu, printf buffer %zu, heap %zu\n", stack, fifo, heap);
  size_t pitch = 0;
  void* pitched = nullptr;
  checkCudaErrors(cudaMallocPitch(&pitched, &pitch, 1000, 10));
  std::printf("cudaMallocPitch of 1000-byte rows: pitch %zu\n", pitch);
  checkCudaErrors(cudaFree(pitched));
  print_cluster_occupancy();
  return EXIT_SUCCESS;
}
