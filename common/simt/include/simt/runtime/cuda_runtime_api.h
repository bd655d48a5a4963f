#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda_runtime_api.h` in whole programs built for the emulator
/// (simt-nvcc, simt_add_executable()): the runtime API's functions, run by the emulator's
/// runtime library (simt::runtime). They keep the GPU's semantics: the same error codes, a
/// kernel fault that is sticky, streams whose work runs in order. The emulator runs each piece
/// of work when it is issued, so that an asynchronous call has finished when it returns; events
/// take the host clock's time. Only what the emulator implements is declared: a program that
/// calls anything else does not compile.

#include <simt/cuda/cuda_runtime_api.h>
#include <simt/runtime/driver_types.h>

#include <cstddef>
#include <source_location>

#define __CUDA_RUNTIME_API_H__
/// The CUDA driver version the emulator reports (`cudaDriverGetVersion`): 13.0, as its runtime.
#define SIMT_CUDA_DRIVER_VERSION 13000

/// @defgroup simt_runtime The emulator as a CUDA runtime
/// @brief The runtime API for whole programs built with simt-nvcc or simt_add_executable().

// Errors
cudaError_t cudaGetLastError();
cudaError_t cudaPeekAtLastError();
const char* cudaGetErrorString(cudaError_t error);
const char* cudaGetErrorName(cudaError_t error);

// Device management: one device, the GPU the emulator imitates (an H100 unless set lower).
cudaError_t cudaGetDeviceCount(int* count);
cudaError_t cudaGetDevice(int* device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags);
cudaError_t cudaSetDeviceFlags(unsigned int flags);
cudaError_t cudaGetDeviceFlags(unsigned int* flags);
cudaError_t cudaChooseDevice(int* device, const cudaDeviceProp* properties);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device);
cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attribute, int device);
cudaError_t cudaDeviceSynchronize();
cudaError_t cudaDeviceReset();
cudaError_t cudaDeviceSetLimit(cudaLimit limit, std::size_t value);
cudaError_t cudaDeviceGetLimit(std::size_t* value, cudaLimit limit);
cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config);
cudaError_t cudaDeviceGetStreamPriorityRange(int* leastPriority, int* greatestPriority);
// Peers: the emulator has one device, and no device is its own peer.
cudaError_t cudaDeviceCanAccessPeer(int* can_access, int device, int peer_device);
cudaError_t cudaDeviceEnablePeerAccess(int peer_device, unsigned int flags);
cudaError_t cudaDeviceDisablePeerAccess(int peer_device);
cudaError_t cudaDeviceGetP2PAttribute(int* value, cudaDeviceP2PAttr attribute, int source_device,
                                      int destination_device);
cudaError_t cudaDriverGetVersion(int* version);
cudaError_t cudaRuntimeGetVersion(int* version);

// Memory. Device, pinned and managed memory are all the emulator's global memory: kernels and
// host code share it, and a kernel's access past an allocation is reported.
cudaError_t cudaMalloc(void** pointer, std::size_t bytes);
cudaError_t cudaFree(void* pointer);
cudaError_t cudaMallocHost(void** pointer, std::size_t bytes);
cudaError_t cudaHostAlloc(void** pointer, std::size_t bytes, unsigned int flags);
cudaError_t cudaFreeHost(void* pointer);
cudaError_t cudaHostRegister(void* pointer, std::size_t bytes, unsigned int flags);
cudaError_t cudaHostUnregister(void* pointer);
cudaError_t cudaHostGetDevicePointer(void** device_pointer, void* host_pointer, unsigned int flags);
cudaError_t cudaMallocManaged(void** pointer, std::size_t bytes,
                              unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocPitch(void** pointer, std::size_t* pitch, std::size_t width_bytes,
                            std::size_t height);
cudaError_t cudaMemGetInfo(std::size_t* free, std::size_t* total);
cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* pointer);
cudaError_t cudaMemcpy(void* destination, const void* source, std::size_t bytes,
                       cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void* destination, const void* source, std::size_t bytes,
                            cudaMemcpyKind kind, cudaStream_t stream = nullptr);
cudaError_t cudaMemcpy2D(void* destination, std::size_t destination_pitch, const void* source,
                         std::size_t source_pitch, std::size_t width_bytes, std::size_t height,
                         cudaMemcpyKind kind);
cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* parameters);
cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* parameters, cudaStream_t stream = nullptr);
cudaError_t cudaMemcpy2DAsync(void* destination, std::size_t destination_pitch, const void* source,
                              std::size_t source_pitch, std::size_t width_bytes, std::size_t height,
                              cudaMemcpyKind kind, cudaStream_t stream = nullptr);
cudaError_t cudaMemset(void* destination, int value, std::size_t bytes);
cudaError_t cudaMemsetAsync(void* destination, int value, std::size_t bytes,
                            cudaStream_t stream = nullptr);
cudaError_t cudaMemset2D(void* destination, std::size_t pitch, int value, std::size_t width_bytes,
                         std::size_t height);
cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* source, std::size_t bytes,
                               std::size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t cudaMemcpyFromSymbol(void* destination, const void* symbol, std::size_t bytes,
                                 std::size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* source, std::size_t bytes,
                                    std::size_t offset, cudaMemcpyKind kind,
                                    cudaStream_t stream = nullptr);
cudaError_t cudaMemcpyFromSymbolAsync(void* destination, const void* symbol, std::size_t bytes,
                                      std::size_t offset, cudaMemcpyKind kind,
                                      cudaStream_t stream = nullptr);
cudaError_t cudaGetSymbolAddress(void** address, const void* symbol);
cudaError_t cudaGetSymbolSize(std::size_t* bytes, const void* symbol);
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void* pointer, std::size_t bytes = 0,
                                     unsigned int flags = cudaMemAttachSingle);

// Stream-ordered allocation: the device's default pool, whose memory is the emulator's global
// memory as cudaMalloc's (a stream's work runs when it is issued, so the order is kept).
cudaError_t cudaMallocAsync(void** pointer, std::size_t bytes, cudaStream_t stream);
cudaError_t cudaFreeAsync(void* pointer, cudaStream_t stream);
cudaError_t cudaMallocFromPoolAsync(void** pointer, std::size_t bytes, cudaMemPool_t pool,
                                    cudaStream_t stream);
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* pool, int device);
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* pool, int device);
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value);
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value);
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, std::size_t keep_bytes);
cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const cudaMemAccessDesc* descriptions,
                                 std::size_t count);
cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags* flags, cudaMemPool_t pool,
                                 cudaMemLocation* location);
// Copies between devices: device 0 and itself, the only pair there is.
cudaError_t cudaMemcpyPeer(void* destination, int destination_device, const void* source,
                           int source_device, std::size_t bytes);
cudaError_t cudaMemcpyPeerAsync(void* destination, int destination_device, const void* source,
                                int source_device, std::size_t bytes,
                                cudaStream_t stream = nullptr);

cudaError_t cudaMemPrefetchAsync(const void* pointer, std::size_t bytes, cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream = nullptr);
cudaError_t cudaMemAdvise(const void* pointer, std::size_t bytes, cudaMemoryAdvise advice,
                          cudaMemLocation location);

// Arrays and texture objects (2-D): texels in the emulator's memory, sampled by simt's texture
// unit when a kernel calls tex2D.
cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f);
cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* format,
                            std::size_t width, std::size_t height = 0, unsigned int flags = 0);
cudaError_t cudaFreeArray(cudaArray_t array);
cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* format, cudaArray_const_t array);
cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* format,
                              cudaExtent extent, unsigned int flags = 0);
cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* format, cudaExtent* extent, unsigned int* flags,
                             cudaArray_t array);
cudaError_t cudaMemcpy2DToArray(cudaArray_t destination, std::size_t x_bytes, std::size_t row,
                                const void* source, std::size_t source_pitch,
                                std::size_t width_bytes, std::size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpy2DFromArray(void* destination, std::size_t destination_pitch,
                                  cudaArray_const_t source, std::size_t x_bytes, std::size_t row,
                                  std::size_t width_bytes, std::size_t height, cudaMemcpyKind kind);
cudaError_t cudaMemcpyToArray(cudaArray_t destination, std::size_t x_bytes, std::size_t row,
                              const void* source, std::size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemcpyFromArray(void* destination, cudaArray_const_t source, std::size_t x_bytes,
                                std::size_t row, std::size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaCreateTextureObject(cudaTextureObject_t* object, const cudaResourceDesc* resource,
                                    const cudaTextureDesc* sampling,
                                    const cudaResourceViewDesc* view);
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t object);
cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* resource,
                                             cudaTextureObject_t object);

// Streams and events.
cudaError_t cudaStreamCreate(cudaStream_t* stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags);
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamSetAttribute(cudaStream_t stream, cudaStreamAttrID attribute,
                                   const cudaStreamAttrValue* value);
cudaError_t cudaStreamGetAttribute(cudaStream_t stream, cudaStreamAttrID attribute,
                                   cudaStreamAttrValue* value);
cudaError_t cudaCtxResetPersistingL2Cache();
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0);
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void* user_data, unsigned int flags);
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t function, void* user_data);
cudaError_t cudaEventCreate(cudaEvent_t* event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = nullptr);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float* milliseconds, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

// Launches. `function` is a kernel as host code names it (what `Kernel<<<...>>>` calls).
cudaError_t cudaLaunchKernel(const void* function, dim3 grid, dim3 block, void** arguments,
                             std::size_t shared_bytes = 0, cudaStream_t stream = nullptr);
cudaError_t cudaLaunchCooperativeKernel(const void* function, dim3 grid, dim3 block,
                                        void** arguments, std::size_t shared_bytes = 0,
                                        cudaStream_t stream = nullptr);
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* config, const void* function,
                                void** arguments);
cudaError_t cudaFuncSetAttribute(const void* function, cudaFuncAttribute attribute, int value);
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, const void* function);
cudaError_t cudaFuncSetCacheConfig(const void* function, cudaFuncCache config);
cudaError_t cudaFuncSetSharedMemConfig(const void* function, cudaSharedMemConfig config);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* function,
                                                          int block_size,
                                                          std::size_t dynamic_shared_bytes);
cudaError_t cudaOccupancyMaxPotentialClusterSize(int* cluster_size, const void* function,
                                                 const cudaLaunchConfig_t* config);
cudaError_t cudaOccupancyMaxActiveClusters(int* clusters, const void* function,
                                           const cudaLaunchConfig_t* config);
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int* blocks,
                                                                   const void* function,
                                                                   int block_size,
                                                                   std::size_t dynamic_shared_bytes,
                                                                   unsigned int flags);

// Graphs: built node by node or captured from streams, and run, when launched, one node after
// another in an order their dependencies allow. Allocation nodes keep their address for every
// launch.
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode);
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t* graph);
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus* status);
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus* status,
                                     unsigned long long* id = nullptr, cudaGraph_t* graph = nullptr,
                                     const cudaGraphNode_t** dependencies = nullptr,
                                     const cudaGraphEdgeData** edge_data = nullptr,
                                     std::size_t* dependency_count = nullptr);
cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode* mode);
cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                          const cudaGraphNode_t* dependencies,
                                          const cudaGraphEdgeData* edge_data, std::size_t count,
                                          cudaStreamCaptureMode mode);
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t* dependencies,
                                                const cudaGraphEdgeData* edge_data,
                                                std::size_t count, unsigned int flags = 0);
cudaError_t cudaGraphCreate(cudaGraph_t* graph, unsigned int flags);
cudaError_t cudaGraphDestroy(cudaGraph_t graph);
cudaError_t cudaGraphClone(cudaGraph_t* clone, cudaGraph_t original);
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, std::size_t* count);
cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t* nodes, std::size_t* count);
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType* type);
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t* from,
                                     const cudaGraphNode_t* to, const cudaGraphEdgeData* edge_data,
                                     std::size_t count);
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                   const cudaGraphNode_t* dependencies, std::size_t count,
                                   const cudaKernelNodeParams* parameters);
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node,
                                         const cudaKernelNodeParams* parameters);
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                   const cudaGraphNode_t* dependencies, std::size_t count,
                                   const cudaMemcpy3DParms* parameters);
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t* node, cudaGraph_t graph,
                                     const cudaGraphNode_t* dependencies, std::size_t count,
                                     void* destination, const void* source, std::size_t bytes,
                                     cudaMemcpyKind kind);
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                   const cudaGraphNode_t* dependencies, std::size_t count,
                                   const cudaMemsetParams* parameters);
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                 const cudaGraphNode_t* dependencies, std::size_t count,
                                 const cudaHostNodeParams* parameters);
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                       const cudaGraphNode_t* dependencies, std::size_t count,
                                       cudaGraph_t child);
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                  const cudaGraphNode_t* dependencies, std::size_t count);
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                        const cudaGraphNode_t* dependencies, std::size_t count,
                                        cudaEvent_t event);
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                      const cudaGraphNode_t* dependencies, std::size_t count,
                                      cudaEvent_t event);
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                     const cudaGraphNode_t* dependencies, std::size_t count,
                                     cudaMemAllocNodeParams* parameters);
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t* node, cudaGraph_t graph,
                                    const cudaGraphNode_t* dependencies, std::size_t count,
                                    void* pointer);
cudaError_t cudaGraphAddNode(cudaGraphNode_t* node, cudaGraph_t graph,
                             const cudaGraphNode_t* dependencies,
                             const cudaGraphEdgeData* edge_data, std::size_t count,
                             cudaGraphNodeParams* parameters);
// Conditional nodes: a graph's variable that its kernels set (cudaGraphSetConditional, a
// function of device code) and that decides, when the node runs, which of its bodies run.
cudaError_t cudaGraphConditionalHandleCreate(cudaGraphConditionalHandle* handle, cudaGraph_t graph,
                                             unsigned int default_value = 0,
                                             unsigned int flags = 0);
/// Device code: sets the variable of `handle` (a kernel's report names the call's line when
/// the handle is not one a graph made).
void cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value,
                             std::source_location place = std::source_location::current());
cudaError_t cudaGraphInstantiate(cudaGraphExec_t* exec, cudaGraph_t graph,
                                 unsigned long long flags = 0);
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t* exec, cudaGraph_t graph,
                                          unsigned long long flags = 0);
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams* parameters);
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph,
                                cudaGraphExecUpdateResultInfo* result);
cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t stream);
cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream);
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec);
cudaError_t cudaDeviceGetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute,
                                           void* value);
cudaError_t cudaDeviceSetGraphMemAttribute(int device, cudaGraphMemAttributeType attribute,
                                           void* value);
cudaError_t cudaDeviceGraphMemTrim(int device);

// Profiler ranges (accepted: the emulator has no profiler to start).
cudaError_t cudaProfilerStart();
cudaError_t cudaProfilerStop();

/// What `Kernel<<<grid, block, shared_bytes, stream>>>(arguments)` does first, as nvcc's code
/// does: the launch's configuration, which the kernel's host function then takes.
cudaError_t __cudaPushCallConfiguration(dim3 grid, dim3 block, std::size_t shared_bytes = 0,
                                        cudaStream_t stream = nullptr);
