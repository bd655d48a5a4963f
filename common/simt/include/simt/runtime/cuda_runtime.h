#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda_runtime.h` in whole programs built for the emulator
/// (simt-nvcc, simt_add_executable()): the runtime API (cuda_runtime_api.h) and the C++ forms
/// CUDA's header adds to it, which take typed pointers, kernels and symbols.

#include <simt/cuda/cuda_runtime.h>
#include <simt/runtime/cuda_runtime_api.h>

#include <cstddef>
#include <type_traits>
#include <utility>

#define __CUDA_RUNTIME_H__

template <class T>
cudaError_t cudaMalloc(T** pointer, std::size_t bytes) {
  return cudaMalloc(static_cast<void**>(static_cast<void*>(pointer)), bytes);
}
template <class T>
cudaError_t cudaMallocAsync(T** pointer, std::size_t bytes, cudaStream_t stream) {
  return cudaMallocAsync(static_cast<void**>(static_cast<void*>(pointer)), bytes, stream);
}
template <class T>
cudaError_t cudaMallocFromPoolAsync(T** pointer, std::size_t bytes, cudaMemPool_t pool,
                                    cudaStream_t stream) {
  return cudaMallocFromPoolAsync(static_cast<void**>(static_cast<void*>(pointer)), bytes, pool,
                                 stream);
}
template <class T>
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, T* pointer, std::size_t bytes = 0,
                                     unsigned int flags = cudaMemAttachSingle) {
  return cudaStreamAttachMemAsync(stream, static_cast<void*>(pointer), bytes, flags);
}
template <class T>
cudaError_t cudaMallocHost(T** pointer, std::size_t bytes, unsigned int flags = 0) {
  return cudaHostAlloc(static_cast<void**>(static_cast<void*>(pointer)), bytes, flags);
}
inline cudaError_t cudaMallocHost(void** pointer, std::size_t bytes, unsigned int flags) {
  return cudaHostAlloc(pointer, bytes, flags);
}
template <class T>
cudaError_t cudaHostAlloc(T** pointer, std::size_t bytes, unsigned int flags) {
  return cudaHostAlloc(static_cast<void**>(static_cast<void*>(pointer)), bytes, flags);
}
template <class T>
cudaError_t cudaHostGetDevicePointer(T** device_pointer, void* host_pointer, unsigned int flags) {
  return cudaHostGetDevicePointer(static_cast<void**>(static_cast<void*>(device_pointer)),
                                  host_pointer, flags);
}
template <class T>
cudaError_t cudaMallocManaged(T** pointer, std::size_t bytes,
                              unsigned int flags = cudaMemAttachGlobal) {
  return cudaMallocManaged(static_cast<void**>(static_cast<void*>(pointer)), bytes, flags);
}
template <class T>
cudaError_t cudaMallocPitch(T** pointer, std::size_t* pitch, std::size_t width_bytes,
                            std::size_t height) {
  return cudaMallocPitch(static_cast<void**>(static_cast<void*>(pointer)), pitch, width_bytes,
                         height);
}

// A symbol is the host's name of a __device__ or __constant__ variable.
template <class T>
cudaError_t cudaMemcpyToSymbol(const T& symbol, const void* source, std::size_t bytes,
                               std::size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaMemcpyToSymbol(static_cast<const void*>(&symbol), source, bytes, offset, kind);
}
template <class T>
cudaError_t cudaMemcpyFromSymbol(void* destination, const T& symbol, std::size_t bytes,
                                 std::size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cudaMemcpyFromSymbol(destination, static_cast<const void*>(&symbol), bytes, offset, kind);
}
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(const T& symbol, const void* source, std::size_t bytes,
                                    std::size_t offset = 0,
                                    cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                    cudaStream_t stream = nullptr) {
  return cudaMemcpyToSymbolAsync(static_cast<const void*>(&symbol), source, bytes, offset, kind,
                                 stream);
}
template <class T>
cudaError_t cudaMemcpyFromSymbolAsync(void* destination, const T& symbol, std::size_t bytes,
                                      std::size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                      cudaStream_t stream = nullptr) {
  return cudaMemcpyFromSymbolAsync(destination, static_cast<const void*>(&symbol), bytes, offset,
                                   kind, stream);
}
template <class T>
cudaError_t cudaGetSymbolAddress(void** address, const T& symbol) {
  return cudaGetSymbolAddress(address, static_cast<const void*>(&symbol));
}
template <class T>
cudaError_t cudaGetSymbolSize(std::size_t* bytes, const T& symbol) {
  return cudaGetSymbolSize(bytes, static_cast<const void*>(&symbol));
}

inline cudaError_t cudaEventCreate(cudaEvent_t* event, unsigned int flags) {
  return cudaEventCreateWithFlags(event, flags);
}

// Kernels, as host code names them.
template <class T>
cudaError_t cudaLaunchKernel(const T* function, dim3 grid, dim3 block, void** arguments,
                             std::size_t shared_bytes = 0, cudaStream_t stream = nullptr) {
  return cudaLaunchKernel(reinterpret_cast<const void*>(function), grid, block, arguments,
                          shared_bytes, stream);
}
template <class T>
cudaError_t cudaLaunchCooperativeKernel(const T* function, dim3 grid, dim3 block, void** arguments,
                                        std::size_t shared_bytes = 0,
                                        cudaStream_t stream = nullptr) {
  return cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(function), grid, block,
                                     arguments, shared_bytes, stream);
}
/// `cudaLaunchKernelEx(&config, Kernel, arguments...)`: the arguments converted to the kernel's
/// parameter types first, as a launch passes them.
template <class... Params, class... Args>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t* config, void (*kernel)(Params...),
                               Args&&... arguments) {
  static_assert(sizeof...(Params) == sizeof...(Args), "wrong number of kernel arguments");
  return [&](auto&&... converted) {
    void* pointers[] = {const_cast<void*>(static_cast<const void*>(&converted))..., nullptr};
    return cudaLaunchKernelExC(config, reinterpret_cast<const void*>(kernel), pointers);
  }(static_cast<Params>(std::forward<Args>(arguments))...);
}
template <class T>
cudaError_t cudaFuncSetAttribute(T* function, cudaFuncAttribute attribute, int value) {
  return cudaFuncSetAttribute(reinterpret_cast<const void*>(function), attribute, value);
}
template <class T>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, T* function) {
  return cudaFuncGetAttributes(attributes, reinterpret_cast<const void*>(function));
}
template <class T>
cudaError_t cudaFuncSetCacheConfig(T* function, cudaFuncCache config) {
  return cudaFuncSetCacheConfig(reinterpret_cast<const void*>(function), config);
}
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, T function, int block_size,
                                                          std::size_t dynamic_shared_bytes) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      blocks, reinterpret_cast<const void*>(function), block_size, dynamic_shared_bytes);
}
template <class T>
cudaError_t cudaOccupancyMaxPotentialClusterSize(int* cluster_size, T function,
                                                 const cudaLaunchConfig_t* config) {
  return cudaOccupancyMaxPotentialClusterSize(cluster_size, reinterpret_cast<const void*>(function),
                                              config);
}
template <class T>
cudaError_t cudaOccupancyMaxActiveClusters(int* clusters, T function,
                                           const cudaLaunchConfig_t* config) {
  return cudaOccupancyMaxActiveClusters(clusters, reinterpret_cast<const void*>(function), config);
}
template <class T>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks, T function,
                                                                   int block_size,
                                                                   std::size_t dynamic_shared_bytes,
                                                                   unsigned int flags) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      blocks, reinterpret_cast<const void*>(function), block_size, dynamic_shared_bytes, flags);
}
/// The block size with the most resident threads per multiprocessor, largest first on a tie,
/// and the grid that fills the GPU with it, as CUDA's calculator searches them.
template <class T>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid_size, int* block_size, T function,
                                               std::size_t dynamic_shared_bytes = 0,
                                               int block_size_limit = 0) {
  if (min_grid_size == nullptr || block_size == nullptr) return cudaErrorInvalidValue;
  int device = 0;
  int processors = 0;
  int largest = 0;
  if (cudaError_t e = cudaGetDevice(&device); e != cudaSuccess) return e;
  if (cudaError_t e = cudaDeviceGetAttribute(&processors, cudaDevAttrMultiProcessorCount, device);
      e != cudaSuccess)
    return e;
  if (cudaError_t e = cudaDeviceGetAttribute(&largest, cudaDevAttrMaxThreadsPerBlock, device);
      e != cudaSuccess)
    return e;
  if (block_size_limit > 0 && block_size_limit < largest) largest = block_size_limit;
  int best_threads = 0;
  int best_blocks = 0;
  int best_size = 0;
  for (int size = largest / 32 * 32; size > 0; size -= 32) {
    int blocks = 0;
    if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, function, size,
                                                                      dynamic_shared_bytes);
        e != cudaSuccess)
      return e;
    if (blocks * size > best_threads) {
      best_threads = blocks * size;
      best_blocks = blocks;
      best_size = size;
    }
  }
  *block_size = best_size;
  *min_grid_size = best_blocks * processors;
  return cudaSuccess;
}

struct __half;  // cuda_fp16.h

namespace simt::runtime::detail {
/// @brief The channel type and count of a texel type: a scalar, or one of CUDA's vector types
/// (members x, y, z, w).
template <class T>
constexpr int channel_count() {
  if constexpr (requires(T t) { t.w; })
    return 4;
  else if constexpr (requires(T t) { t.z; })
    return 3;
  else if constexpr (requires(T t) { t.y; })
    return 2;
  else
    return 1;
}
template <class T>
struct Channel {
  using type = T;
};
template <class T>
requires requires(T t) { t.x; }
struct Channel<T> {
  using type = std::remove_cvref_t<decltype(std::declval<T>().x)>;
};
}  // namespace simt::runtime::detail

/// @brief A texel type's format, as CUDA's channel_descriptor.h gives it: bits per channel,
/// 1-4 channels, and whether they are signed, unsigned or floating point (`__half` is a 16-bit
/// float).
template <class T>
cudaChannelFormatDesc cudaCreateChannelDesc() {
  using Channel = typename simt::runtime::detail::Channel<T>::type;
  constexpr int count = simt::runtime::detail::channel_count<T>();
  constexpr int bits = static_cast<int>(sizeof(Channel)) * 8;
  cudaChannelFormatKind kind = cudaChannelFormatKindNone;
  if constexpr (std::is_floating_point_v<Channel> || std::is_same_v<Channel, __half>)
    kind = cudaChannelFormatKindFloat;
  else if constexpr (std::is_integral_v<Channel> && std::is_signed_v<Channel>)
    kind = cudaChannelFormatKindSigned;
  else if constexpr (std::is_integral_v<Channel>)
    kind = cudaChannelFormatKindUnsigned;
  return cudaCreateChannelDesc(bits, count > 1 ? bits : 0, count > 2 ? bits : 0,
                               count > 3 ? bits : 0, kind);
}

/// @brief An extent, as CUDA's driver_functions.h makes one.
inline cudaExtent make_cudaExtent(std::size_t width, std::size_t height, std::size_t depth) {
  return cudaExtent{width, height, depth};
}

/// @brief A pitched pointer, as CUDA's driver_functions.h makes one.
inline cudaPitchedPtr make_cudaPitchedPtr(void* pointer, std::size_t pitch, std::size_t width,
                                          std::size_t height) {
  return cudaPitchedPtr{pointer, pitch, width, height};
}

/// @brief A position, as CUDA's driver_functions.h makes one.
inline cudaPos make_cudaPos(std::size_t x, std::size_t y, std::size_t z) {
  return cudaPos{x, y, z};
}

/// @brief The older form of cudaGraphInstantiate that CUDA's header keeps for C++ (the error
/// node and log are left as they are: instantiation fails only for a graph with a cycle).
inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph, cudaGraphNode_t*,
                                        char*, std::size_t) {
  return cudaGraphInstantiate(exec, graph, 0);
}

/// @brief The older form of cudaGraphExecUpdate that CUDA's header keeps for C++.
inline cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph,
                                       cudaGraphNode_t* error_node,
                                       cudaGraphExecUpdateResult* result) {
  cudaGraphExecUpdateResultInfo info{};
  const cudaError_t error = cudaGraphExecUpdate(exec, graph, &info);
  if (error_node != nullptr) *error_node = info.errorNode;
  if (result != nullptr) *result = info.result;
  return error;
}
