/// @file
/// @brief The runtime API's device management: one device, the GPU the emulator imitates (an
/// H100 SXM 80 GB, compute capability 9.0, unless simt::settings().compute_capability is set
/// lower), with the properties CUDA reports for it, so that a program that sizes its grid from
/// the multiprocessor count or its tiles from the L2 size does what it does on that GPU.

#include <simt/runtime/cuda_runtime_api.h>
#include <simt/detail/sm_clock.hpp>
#include <simt/launch.hpp>
#include <simt/settings.hpp>
#include "runtime_state.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <limits>

namespace {

// As an H100 80GB HBM3 reports them (cudaGetDeviceProperties with CUDA 13.0 on driver
// 580.159.04; tests/simt/whole_programs/device_properties.cu prints them).
cudaDeviceProp h100_properties() {
  cudaDeviceProp p{};
  std::snprintf(p.name, sizeof p.name, "%s", "NVIDIA H100 80GB HBM3");
  // A 32-bit host (WebAssembly) addresses 4 GiB at most: there the device memory is that.
  p.totalGlobalMem = static_cast<std::size_t>(
      std::min<unsigned long long>(85017493504, std::numeric_limits<std::size_t>::max()));
  p.sharedMemPerBlock = 49152;
  p.regsPerBlock = 65536;
  p.warpSize = 32;
  p.memPitch = 2147483647;
  p.maxThreadsPerBlock = 1024;
  p.maxThreadsDim[0] = 1024;
  p.maxThreadsDim[1] = 1024;
  p.maxThreadsDim[2] = 64;
  p.maxGridSize[0] = 2147483647;
  p.maxGridSize[1] = 65535;
  p.maxGridSize[2] = 65535;
  p.totalConstMem = 65536;
  p.major = 9;
  p.minor = 0;
  p.textureAlignment = 512;
  p.maxTexture1D = 131072;
  p.maxTexture2D[0] = 131072;
  p.maxTexture2D[1] = 65536;
  p.maxTexture2DLinear[0] = 131072;
  p.maxTexture2DLinear[1] = 65000;
  p.maxTexture2DLinear[2] = 2097120;
  for (int& size : p.maxTexture3D) size = 16384;
  p.texturePitchAlignment = 32;
  p.multiProcessorCount = 132;
  p.integrated = 0;
  p.canMapHostMemory = 1;
  p.concurrentKernels = 1;
  p.ECCEnabled = 1;
  p.asyncEngineCount = 3;
  p.unifiedAddressing = 1;
  p.memoryBusWidth = 5120;
  p.l2CacheSize = 52428800;
  p.persistingL2CacheMaxSize = 32768000;
  p.maxThreadsPerMultiProcessor = 2048;
  p.streamPrioritiesSupported = 1;
  p.globalL1CacheSupported = 1;
  p.localL1CacheSupported = 1;
  p.sharedMemPerMultiprocessor = 233472;
  p.regsPerMultiprocessor = 65536;
  p.managedMemory = 1;
  p.concurrentManagedAccess = 1;
  p.computePreemptionSupported = 1;
  p.canUseHostPointerForRegisteredMem = 1;
  p.cooperativeLaunch = 1;
  p.sharedMemPerBlockOptin = simt::max_shared_bytes_per_block;
  p.directManagedMemAccessFromHost = 0;
  p.maxBlocksPerMultiProcessor = 32;
  p.accessPolicyMaxWindowSize = 134217728;
  p.reservedSharedMemPerBlock = 1024;
  p.hostRegisterSupported = 1;
  p.memoryPoolsSupported = 1;
  p.clusterLaunch = 1;
  p.unifiedFunctionPointers = 1;
  return p;
}

constexpr int clock_rate_khz = static_cast<int>(simt::detail::sm_clock_rate_khz);
constexpr int memory_clock_rate_khz = 2619000;

cudaDeviceProp imitated_properties() {
  cudaDeviceProp p = h100_properties();
  const simt::ComputeCapability imitated = simt::settings().compute_capability;
  p.major = imitated.major;
  p.minor = imitated.minor;
  // Below 9.0 no GPU launches clusters.
  if (imitated.major < 9) p.clusterLaunch = 0;
  return p;
}

cudaError_t check_device(int device) { return device == 0 ? cudaSuccess : cudaErrorInvalidDevice; }

unsigned device_flags = 0;
// The H100's defaults: 1 KiB of stack per thread, an 8.25 MiB printf buffer, an 8 MiB heap (the
// others are taken as set, without effect).
std::size_t limits[] = {1024, 8650752, 8 << 20, 2, 2048, 32, 0};

}  // namespace

using simt::runtime::record;
using simt::runtime::sticky_error;

cudaError_t cudaGetDeviceCount(int* count) {
  if (count == nullptr) return record(cudaErrorInvalidValue);
  *count = 1;
  return cudaSuccess;
}

cudaError_t cudaGetDevice(int* device) {
  if (device == nullptr) return record(cudaErrorInvalidValue);
  *device = 0;
  return sticky_error();
}

cudaError_t cudaSetDevice(int device) {
  if (cudaError_t e = sticky_error()) return e;
  return record(check_device(device));
}

cudaError_t cudaInitDevice(int device, unsigned int, unsigned int) {
  if (cudaError_t e = sticky_error()) return e;
  return record(check_device(device));
}

cudaError_t cudaSetDeviceFlags(unsigned int flags) {
  if (cudaError_t e = sticky_error()) return e;
  device_flags = flags;
  return cudaSuccess;
}

cudaError_t cudaGetDeviceFlags(unsigned int* flags) {
  if (flags == nullptr) return record(cudaErrorInvalidValue);
  *flags = device_flags;
  return sticky_error();
}

cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* properties) {
  if (device == nullptr || properties == nullptr) return record(cudaErrorInvalidValue);
  *device = 0;
  return sticky_error();
}

cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device) {
  if (properties == nullptr) return record(cudaErrorInvalidValue);
  if (cudaError_t e = check_device(device)) return record(e);
  *properties = imitated_properties();
  return sticky_error();
}

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device) {
  if (value == nullptr) return record(cudaErrorInvalidValue);
  if (cudaError_t e = check_device(device)) return record(e);
  const cudaDeviceProp p = imitated_properties();
  switch (attribute) {
    case cudaDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
    case cudaDevAttrMaxBlockDimY: *value = p.maxThreadsDim[1]; break;
    case cudaDevAttrMaxBlockDimZ: *value = p.maxThreadsDim[2]; break;
    case cudaDevAttrMaxGridDimX: *value = p.maxGridSize[0]; break;
    case cudaDevAttrMaxGridDimY: *value = p.maxGridSize[1]; break;
    case cudaDevAttrMaxGridDimZ: *value = p.maxGridSize[2]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = int(p.sharedMemPerBlock); break;
    case cudaDevAttrTotalConstantMemory: *value = int(p.totalConstMem); break;
    case cudaDevAttrWarpSize: *value = p.warpSize; break;
    case cudaDevAttrMaxPitch: *value = int(p.memPitch); break;
    case cudaDevAttrMaxRegistersPerBlock: *value = p.regsPerBlock; break;
    case cudaDevAttrClockRate: *value = clock_rate_khz; break;
    case cudaDevAttrTextureAlignment: *value = int(p.textureAlignment); break;
    case cudaDevAttrGpuOverlap: *value = 1; break;
    case cudaDevAttrMultiProcessorCount: *value = p.multiProcessorCount; break;
    case cudaDevAttrKernelExecTimeout: *value = 0; break;
    case cudaDevAttrIntegrated: *value = p.integrated; break;
    case cudaDevAttrCanMapHostMemory: *value = p.canMapHostMemory; break;
    case cudaDevAttrComputeMode: *value = 0; break;
    case cudaDevAttrConcurrentKernels: *value = p.concurrentKernels; break;
    case cudaDevAttrEccEnabled: *value = p.ECCEnabled; break;
    case cudaDevAttrPciBusId: *value = p.pciBusID; break;
    case cudaDevAttrPciDeviceId: *value = p.pciDeviceID; break;
    case cudaDevAttrMemoryClockRate: *value = memory_clock_rate_khz; break;
    case cudaDevAttrGlobalMemoryBusWidth: *value = p.memoryBusWidth; break;
    case cudaDevAttrL2CacheSize: *value = p.l2CacheSize; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrAsyncEngineCount: *value = p.asyncEngineCount; break;
    case cudaDevAttrUnifiedAddressing: *value = p.unifiedAddressing; break;
    case cudaDevAttrPciDomainId: *value = p.pciDomainID; break;
    case cudaDevAttrComputeCapabilityMajor: *value = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = p.minor; break;
    case cudaDevAttrStreamPrioritiesSupported: *value = p.streamPrioritiesSupported; break;
    case cudaDevAttrGlobalL1CacheSupported: *value = p.globalL1CacheSupported; break;
    case cudaDevAttrLocalL1CacheSupported: *value = p.localL1CacheSupported; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor:
      *value = int(p.sharedMemPerMultiprocessor);
      break;
    case cudaDevAttrMaxRegistersPerMultiprocessor: *value = p.regsPerMultiprocessor; break;
    case cudaDevAttrManagedMemory: *value = p.managedMemory; break;
    case cudaDevAttrIsMultiGpuBoard: *value = p.isMultiGpuBoard; break;
    case cudaDevAttrHostNativeAtomicSupported: *value = 0; break;  // PCIe to an x86 host
    case cudaDevAttrPageableMemoryAccess: *value = p.pageableMemoryAccess; break;
    case cudaDevAttrConcurrentManagedAccess: *value = p.concurrentManagedAccess; break;
    case cudaDevAttrComputePreemptionSupported: *value = p.computePreemptionSupported; break;
    case cudaDevAttrCanUseHostPointerForRegisteredMem:
      *value = p.canUseHostPointerForRegisteredMem;
      break;
    case cudaDevAttrCooperativeLaunch: *value = p.cooperativeLaunch; break;
    case cudaDevAttrMaxSharedMemoryPerBlockOptin: *value = int(p.sharedMemPerBlockOptin); break;
    case cudaDevAttrHostRegisterSupported: *value = p.hostRegisterSupported; break;
    case cudaDevAttrMaxBlocksPerMultiprocessor: *value = p.maxBlocksPerMultiProcessor; break;
    case cudaDevAttrMaxPersistingL2CacheSize: *value = p.persistingL2CacheMaxSize; break;
    case cudaDevAttrReservedSharedMemoryPerBlock: *value = int(p.reservedSharedMemPerBlock); break;
    case cudaDevAttrMemoryPoolsSupported: *value = p.memoryPoolsSupported; break;
    case cudaDevAttrClusterLaunch: *value = p.clusterLaunch; break;
    default: return record(cudaErrorInvalidValue);
  }
  return sticky_error();
}

cudaError_t cudaDeviceSynchronize() {
  // Work runs when it is issued: there is nothing to wait for but a fault already seen.
  return sticky_error();
}

cudaError_t cudaDeviceReset() {
  simt::runtime::clear_sticky_error();
  return cudaSuccess;
}

cudaError_t cudaDeviceSetLimit(cudaLimit limit, std::size_t value) {
  if (cudaError_t e = sticky_error()) return e;
  if (limit < cudaLimitStackSize || limit > cudaLimitPersistingL2CacheSize)
    return record(cudaErrorInvalidValue);
  // Kept to be read back: the emulator's threads have no fixed stack, print buffer, heap or
  // cache to divide.
  limits[limit] = value;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetLimit(std::size_t* value, cudaLimit limit) {
  if (value == nullptr || limit < cudaLimitStackSize || limit > cudaLimitPersistingL2CacheSize)
    return record(cudaErrorInvalidValue);
  *value = limits[limit];
  return sticky_error();
}

cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return sticky_error(); }

cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
  if (least != nullptr) *least = 0;
  if (greatest != nullptr) *greatest = -5;
  return sticky_error();
}

cudaError_t cudaDriverGetVersion(int* version) {
  if (version == nullptr) return record(cudaErrorInvalidValue);
  *version = SIMT_CUDA_DRIVER_VERSION;
  return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int* version) {
  if (version == nullptr) return record(cudaErrorInvalidValue);
  *version = CUDART_VERSION;
  return cudaSuccess;
}

cudaError_t cudaProfilerStart() { return sticky_error(); }
cudaError_t cudaProfilerStop() { return sticky_error(); }

cudaError_t cudaDeviceCanAccessPeer(int* can_access, int device, int peer_device) {
  if (cudaError_t e = sticky_error()) return e;
  if (can_access == nullptr) return record(cudaErrorInvalidValue);
  if (device != 0 || peer_device != 0) return record(cudaErrorInvalidDevice);
  *can_access = 0;  // a device is not its own peer
  return cudaSuccess;
}

cudaError_t cudaDeviceEnablePeerAccess(int peer_device, unsigned int) {
  if (cudaError_t e = sticky_error()) return e;
  // Device 0 is not its own peer (an H100 answers so); there is no other.
  return record(peer_device == 0 ? cudaErrorPeerAccessUnsupported : cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceDisablePeerAccess(int) {
  if (cudaError_t e = sticky_error()) return e;
  return record(cudaErrorInvalidDevice);
}

cudaError_t cudaDeviceGetP2PAttribute(int* value, cudaDeviceP2PAttr, int source_device,
                                      int destination_device) {
  if (cudaError_t e = sticky_error()) return e;
  if (value == nullptr) return record(cudaErrorInvalidValue);
  if (source_device != 0 || destination_device != 0) return record(cudaErrorInvalidDevice);
  return record(cudaErrorInvalidDevice);  // a device and itself are not a pair
}
