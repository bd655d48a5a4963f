/// @file
/// @brief The runtime API's memory: device, pinned and managed allocations are all the
/// emulator's global memory (allocate_global()), whose bounds a kernel's accesses are checked
/// against; copies and fills check the device side of their range as the GPU's runtime does,
/// and run when they are issued (an asynchronous one has finished when it returns), or, in a
/// stream being captured, when the graph is launched (stream_work.hpp).

#include <simt/runtime/cuda_runtime_api.h>
#include <simt/detail/registry.hpp>
#include <simt/global_memory.hpp>
#include "../host_threads.hpp"
#include "array_copies.hpp"
#include "runtime_state.hpp"
#include "stream_work.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <map>
#include <new>
#include <source_location>

using simt::runtime::record;
using simt::runtime::sticky_error;

namespace {

constexpr std::size_t pitch_alignment = 512;  // what cudaMallocPitch rounds rows to on an H100

/// What the runtime allocated or registered, by start address: its size and kind.
struct Known {
  std::size_t bytes;
  cudaMemoryType type;
  bool registered;  // cudaHostRegister: the program's own memory
};

struct Memory {
  simt::detail::HostMutex mutex;
  std::map<const std::byte*, Known> known;
  std::size_t allocated = 0;
};

Memory& memory() {
  // Never destroyed: what the program did not free goes with the process, as the GPU's memory
  // goes with its context, and stays reachable until then (no leak to report at exit).
  static Memory* const instance = new Memory;
  return *instance;
}

cudaError_t allocate(void** pointer, std::size_t bytes, cudaMemoryType type, const char* how) {
  if (cudaError_t e = sticky_error()) return e;
  if (pointer == nullptr) return record(cudaErrorInvalidValue);
  *pointer = nullptr;
  if (bytes == 0) return cudaSuccess;
  cudaDeviceProp properties{};
  cudaGetDeviceProperties(&properties, 0);
  Memory& m = memory();
  {
    std::lock_guard lock(m.mutex);
    if (bytes > properties.totalGlobalMem - m.allocated) return record(cudaErrorMemoryAllocation);
  }
  try {
    *pointer = simt::detail::allocate_global(bytes, 1, std::source_location{}, how);
  } catch (const std::bad_alloc&) {
    return record(cudaErrorMemoryAllocation);
  }
  std::lock_guard lock(m.mutex);
  m.known[static_cast<const std::byte*>(*pointer)] = Known{bytes, type, false};
  m.allocated += bytes;
  return cudaSuccess;
}

cudaError_t release(void* pointer, bool host) {
  if (cudaError_t e = sticky_error()) return e;
  if (pointer == nullptr) return cudaSuccess;
  if (cudaError_t e = cudaSuccess; !host && simt::runtime::free_graph_allocation(pointer, &e))
    return e;
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  const auto found = m.known.find(static_cast<const std::byte*>(pointer));
  if (found == m.known.end() || found->second.registered ||
      (found->second.type == cudaMemoryTypeHost) != host)
    return record(cudaErrorInvalidValue);
  m.allocated -= found->second.bytes;
  m.known.erase(found);
  simt::detail::release_global(pointer);
  return cudaSuccess;
}

/// Whether [p, p + bytes) lies in memory the GPU can address: an allocation, a registered host
/// range, or a `__device__`/`__constant__` variable.
bool addressable(const void* p, std::size_t bytes) {
  const auto* first = static_cast<const std::byte*>(p);
  const simt::detail::AllocationSpan span = simt::detail::allocation_holding(p);
  if (span.data != nullptr) return bytes <= std::size_t(span.data + span.bytes - first);
  {
    Memory& m = memory();
    std::lock_guard lock(m.mutex);
    auto after = m.known.upper_bound(first);
    if (after != m.known.begin()) {
      const auto& [start, known] = *std::prev(after);
      if (known.registered && first < start + known.bytes)
        return bytes <= std::size_t(start + known.bytes - first);
    }
  }
  for (const simt::detail::SymbolEntry& e : simt::detail::registered_symbols()) {
    const auto* start = static_cast<const std::byte*>(e.twin);
    if (first >= start && first < start + e.bytes)
      return bytes <= std::size_t(start + e.bytes - first);
  }
  return false;
}

bool device_side(cudaMemcpyKind kind, bool destination) {
  switch (kind) {
    case cudaMemcpyHostToDevice: return destination;
    case cudaMemcpyDeviceToHost: return !destination;
    case cudaMemcpyDeviceToDevice: return true;
    default: return false;
  }
}

cudaError_t copy(void* destination, const void* source, std::size_t bytes, cudaMemcpyKind kind) {
  if (cudaError_t e = sticky_error()) return e;
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
    return record(cudaErrorInvalidMemcpyDirection);
  if (bytes == 0) return cudaSuccess;
  if (destination == nullptr || source == nullptr) return record(cudaErrorInvalidValue);
  if ((device_side(kind, true) && !addressable(destination, bytes)) ||
      (device_side(kind, false) && !addressable(source, bytes)))
    return record(cudaErrorInvalidValue);
  std::memmove(destination, source, bytes);
  return cudaSuccess;
}

cudaError_t copy_2d(void* destination, std::size_t destination_pitch, const void* source,
                    std::size_t source_pitch, std::size_t width, std::size_t height,
                    cudaMemcpyKind kind) {
  if (cudaError_t e = sticky_error()) return e;
  if (width > destination_pitch || width > source_pitch) return record(cudaErrorInvalidPitchValue);
  if (height == 0 || width == 0) return cudaSuccess;
  const std::size_t destination_span = destination_pitch * (height - 1) + width;
  const std::size_t source_span = source_pitch * (height - 1) + width;
  if (destination == nullptr || source == nullptr) return record(cudaErrorInvalidValue);
  if (kind < cudaMemcpyHostToHost || kind > cudaMemcpyDefault)
    return record(cudaErrorInvalidMemcpyDirection);
  if ((device_side(kind, true) && !addressable(destination, destination_span)) ||
      (device_side(kind, false) && !addressable(source, source_span)))
    return record(cudaErrorInvalidValue);
  for (std::size_t row = 0; row < height; ++row)
    std::memmove(static_cast<std::byte*>(destination) + row * destination_pitch,
                 static_cast<const std::byte*>(source) + row * source_pitch, width);
  return cudaSuccess;
}

cudaError_t fill(void* destination, int value, std::size_t bytes) {
  if (cudaError_t e = sticky_error()) return e;
  if (bytes == 0) return cudaSuccess;
  if (destination == nullptr || !addressable(destination, bytes))
    return record(cudaErrorInvalidValue);
  std::memset(destination, value, bytes);
  return cudaSuccess;
}

/// The bytes [offset, offset + bytes) of the variable whose host name is `symbol`, or an error.
cudaError_t symbol_bytes(const void* symbol, std::size_t bytes, std::size_t offset,
                         std::byte** where) {
  const simt::detail::SymbolEntry* entry = simt::detail::find_symbol(symbol);
  if (entry == nullptr) return cudaErrorInvalidSymbol;
  if (offset > entry->bytes || bytes > entry->bytes - offset) return cudaErrorInvalidValue;
  *where = static_cast<std::byte*>(entry->twin) + offset;
  return cudaSuccess;
}

}  // namespace

cudaError_t cudaMalloc(void** pointer, std::size_t bytes) {
  return allocate(pointer, bytes, cudaMemoryTypeDevice, "cudaMalloc");
}

cudaError_t cudaFree(void* pointer) { return release(pointer, false); }

cudaError_t cudaMallocHost(void** pointer, std::size_t bytes) {
  return allocate(pointer, bytes, cudaMemoryTypeHost, "cudaMallocHost");
}

cudaError_t cudaHostAlloc(void** pointer, std::size_t bytes, unsigned int flags) {
  if (flags & ~unsigned(cudaHostAllocPortable | cudaHostAllocMapped | cudaHostAllocWriteCombined))
    return record(cudaErrorInvalidValue);
  return allocate(pointer, bytes, cudaMemoryTypeHost, "cudaHostAlloc");
}

cudaError_t cudaFreeHost(void* pointer) { return release(pointer, true); }

cudaError_t cudaMallocManaged(void** pointer, std::size_t bytes, unsigned int flags) {
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
    return record(cudaErrorInvalidValue);
  return allocate(pointer, bytes, cudaMemoryTypeManaged, "cudaMallocManaged");
}

cudaError_t cudaMallocPitch(void** pointer, std::size_t* pitch, std::size_t width,
                            std::size_t height) {
  if (pitch == nullptr) return record(cudaErrorInvalidValue);
  *pitch = (width + pitch_alignment - 1) / pitch_alignment * pitch_alignment;
  return allocate(pointer, *pitch * height, cudaMemoryTypeDevice, "cudaMallocPitch");
}

cudaError_t cudaHostRegister(void* pointer, std::size_t bytes, unsigned int) {
  if (cudaError_t e = sticky_error()) return e;
  if (pointer == nullptr || bytes == 0) return record(cudaErrorInvalidValue);
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  const auto* first = static_cast<const std::byte*>(pointer);
  auto after = m.known.upper_bound(first);
  if (after != m.known.end() && after->first < first + bytes)
    return record(cudaErrorHostMemoryAlreadyRegistered);
  if (after != m.known.begin() && first < std::prev(after)->first + std::prev(after)->second.bytes)
    return record(cudaErrorHostMemoryAlreadyRegistered);
  m.known[first] = Known{bytes, cudaMemoryTypeHost, true};
  return cudaSuccess;
}

cudaError_t cudaHostUnregister(void* pointer) {
  if (cudaError_t e = sticky_error()) return e;
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  const auto found = m.known.find(static_cast<const std::byte*>(pointer));
  if (found == m.known.end() || !found->second.registered)
    return record(cudaErrorHostMemoryNotRegistered);
  m.known.erase(found);
  return cudaSuccess;
}

cudaError_t cudaHostGetDevicePointer(void** device_pointer, void* host_pointer,
                                     unsigned int flags) {
  if (cudaError_t e = sticky_error()) return e;
  if (device_pointer == nullptr || flags != 0 || !addressable(host_pointer, 1))
    return record(cudaErrorInvalidValue);
  // One address space: host and kernels use the same address, as with unified addressing.
  *device_pointer = host_pointer;
  return cudaSuccess;
}

cudaError_t cudaMemGetInfo(std::size_t* free, std::size_t* total) {
  if (cudaError_t e = sticky_error()) return e;
  if (free == nullptr || total == nullptr) return record(cudaErrorInvalidValue);
  cudaDeviceProp properties{};
  cudaGetDeviceProperties(&properties, 0);
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  *total = properties.totalGlobalMem;
  *free = properties.totalGlobalMem - m.allocated;
  return cudaSuccess;
}

cudaError_t cudaPointerGetAttributes(cudaPointerAttributes* attributes, const void* pointer) {
  if (cudaError_t e = sticky_error()) return e;
  if (attributes == nullptr) return record(cudaErrorInvalidValue);
  *attributes = cudaPointerAttributes{cudaMemoryTypeUnregistered, 0, nullptr, nullptr};
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  const auto* p = static_cast<const std::byte*>(pointer);
  auto after = m.known.upper_bound(p);
  if (after == m.known.begin()) return cudaSuccess;
  const auto& [start, known] = *std::prev(after);
  if (p >= start + std::max<std::size_t>(known.bytes, 1)) return cudaSuccess;
  attributes->type = known.type;
  attributes->devicePointer = const_cast<void*>(pointer);
  if (known.type != cudaMemoryTypeDevice) attributes->hostPointer = const_cast<void*>(pointer);
  return cudaSuccess;
}

namespace {

/// Checks a prefetch's or an advice's range and place: managed memory, and the device or the
/// host. The emulator's memory is in one place, so there is nothing more to do.
cudaError_t check_managed_range(const void* pointer, std::size_t bytes, cudaMemLocation location) {
  if (cudaError_t e = sticky_error()) return e;
  if (location.type == cudaMemLocationTypeDevice && location.id != 0)
    return record(cudaErrorInvalidDevice);
  if (location.type != cudaMemLocationTypeDevice && location.type != cudaMemLocationTypeHost &&
      location.type != cudaMemLocationTypeHostNuma &&
      location.type != cudaMemLocationTypeHostNumaCurrent)
    return record(cudaErrorInvalidValue);
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  const auto* p = static_cast<const std::byte*>(pointer);
  auto after = m.known.upper_bound(p);
  if (bytes == 0 || after == m.known.begin()) return record(cudaErrorInvalidValue);
  const auto& [start, known] = *std::prev(after);
  if (known.type != cudaMemoryTypeManaged || p + bytes > start + known.bytes)
    return record(cudaErrorInvalidValue);
  return cudaSuccess;
}

}  // namespace

cudaError_t cudaMemPrefetchAsync(const void* pointer, std::size_t bytes, cudaMemLocation location,
                                 unsigned int flags, cudaStream_t stream) {
  if (flags != 0) return record(cudaErrorInvalidValue);
  return simt::runtime::issue(stream, cudaGraphNodeTypeMemcpy,
                              [=] { return check_managed_range(pointer, bytes, location); });
}

cudaError_t cudaMemAdvise(const void* pointer, std::size_t bytes, cudaMemoryAdvise advice,
                          cudaMemLocation location) {
  if (advice < cudaMemAdviseSetReadMostly || advice > cudaMemAdviseUnsetAccessedBy)
    return record(cudaErrorInvalidValue);
  if (advice == cudaMemAdviseSetReadMostly || advice == cudaMemAdviseUnsetReadMostly)
    location = cudaMemLocation{cudaMemLocationTypeDevice, 0};  // ignored by CUDA for these
  return check_managed_range(pointer, bytes, location);
}

cudaError_t cudaMemcpy(void* destination, const void* source, std::size_t bytes,
                       cudaMemcpyKind kind) {
  return copy(destination, source, bytes, kind);
}

cudaError_t cudaMemcpyAsync(void* destination, const void* source, std::size_t bytes,
                            cudaMemcpyKind kind, cudaStream_t stream) {
  return simt::runtime::issue(
      stream, cudaGraphNodeTypeMemcpy, [=] { return copy(destination, source, bytes, kind); },
      destination, source);
}

cudaError_t cudaMemcpy2D(void* destination, std::size_t destination_pitch, const void* source,
                         std::size_t source_pitch, std::size_t width, std::size_t height,
                         cudaMemcpyKind kind) {
  return copy_2d(destination, destination_pitch, source, source_pitch, width, height, kind);
}

cudaError_t cudaMemcpy2DAsync(void* destination, std::size_t destination_pitch, const void* source,
                              std::size_t source_pitch, std::size_t width, std::size_t height,
                              cudaMemcpyKind kind, cudaStream_t stream) {
  return simt::runtime::issue(
      stream, cudaGraphNodeTypeMemcpy,
      [=] {
        return copy_2d(destination, destination_pitch, source, source_pitch, width, height, kind);
      },
      destination, source);
}

cudaError_t cudaMemcpy3D(const cudaMemcpy3DParms* p) {
  if (cudaError_t e = sticky_error()) return e;
  if (p == nullptr) return record(cudaErrorInvalidValue);
  if (p->srcArray != nullptr || p->dstArray != nullptr)
    return simt::runtime::copy_3d_with_array(*p);
  const cudaPitchedPtr& from = p->srcPtr;
  const cudaPitchedPtr& to = p->dstPtr;
  for (std::size_t z = 0; z < p->extent.depth; ++z) {
    // Slices are ysize rows apart; x is in bytes.
    const std::size_t source_row = (p->srcPos.z + z) * from.ysize + p->srcPos.y;
    const std::size_t destination_row = (p->dstPos.z + z) * to.ysize + p->dstPos.y;
    if (cudaError_t e = copy_2d(
            static_cast<std::byte*>(to.ptr) + destination_row * to.pitch + p->dstPos.x, to.pitch,
            static_cast<const std::byte*>(from.ptr) + source_row * from.pitch + p->srcPos.x,
            from.pitch, p->extent.width, p->extent.height, p->kind))
      return e;
  }
  return cudaSuccess;
}

cudaError_t cudaMemcpy3DAsync(const cudaMemcpy3DParms* p, cudaStream_t stream) {
  if (p == nullptr) return record(cudaErrorInvalidValue);
  return simt::runtime::issue(
      stream, cudaGraphNodeTypeMemcpy, [copy = *p] { return cudaMemcpy3D(&copy); },
      p->dstArray == nullptr ? p->dstPtr.ptr : nullptr,
      p->srcArray == nullptr ? p->srcPtr.ptr : nullptr);
}

cudaError_t cudaMemset(void* destination, int value, std::size_t bytes) {
  return fill(destination, value, bytes);
}

cudaError_t cudaMemsetAsync(void* destination, int value, std::size_t bytes, cudaStream_t stream) {
  return simt::runtime::issue(stream, cudaGraphNodeTypeMemset,
                              [=] { return fill(destination, value, bytes); });
}

cudaError_t cudaMemset2D(void* destination, std::size_t pitch, int value, std::size_t width,
                         std::size_t height) {
  if (cudaError_t e = sticky_error()) return e;
  if (width > pitch) return record(cudaErrorInvalidPitchValue);
  if (width == 0 || height == 0) return cudaSuccess;
  if (destination == nullptr || !addressable(destination, pitch * (height - 1) + width))
    return record(cudaErrorInvalidValue);
  for (std::size_t row = 0; row < height; ++row)
    std::memset(static_cast<std::byte*>(destination) + row * pitch, value, width);
  return cudaSuccess;
}

cudaError_t cudaMemcpyToSymbol(const void* symbol, const void* source, std::size_t bytes,
                               std::size_t offset, cudaMemcpyKind kind) {
  if (cudaError_t e = sticky_error()) return e;
  if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice &&
      kind != cudaMemcpyDefault)
    return record(cudaErrorInvalidMemcpyDirection);
  std::byte* target = nullptr;
  if (cudaError_t e = symbol_bytes(symbol, bytes, offset, &target)) return record(e);
  if (bytes != 0) std::memmove(target, source, bytes);
  return cudaSuccess;
}

cudaError_t cudaMemcpyFromSymbol(void* destination, const void* symbol, std::size_t bytes,
                                 std::size_t offset, cudaMemcpyKind kind) {
  if (cudaError_t e = sticky_error()) return e;
  if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice &&
      kind != cudaMemcpyDefault)
    return record(cudaErrorInvalidMemcpyDirection);
  std::byte* origin = nullptr;
  if (cudaError_t e = symbol_bytes(symbol, bytes, offset, &origin)) return record(e);
  if (bytes != 0) std::memmove(destination, origin, bytes);
  return cudaSuccess;
}

cudaError_t cudaMemcpyToSymbolAsync(const void* symbol, const void* source, std::size_t bytes,
                                    std::size_t offset, cudaMemcpyKind kind, cudaStream_t stream) {
  return simt::runtime::issue(
      stream, cudaGraphNodeTypeMemcpy,
      [=] { return cudaMemcpyToSymbol(symbol, source, bytes, offset, kind); }, nullptr, source);
}

cudaError_t cudaMemcpyFromSymbolAsync(void* destination, const void* symbol, std::size_t bytes,
                                      std::size_t offset, cudaMemcpyKind kind,
                                      cudaStream_t stream) {
  return simt::runtime::issue(
      stream, cudaGraphNodeTypeMemcpy,
      [=] { return cudaMemcpyFromSymbol(destination, symbol, bytes, offset, kind); }, destination);
}

cudaError_t cudaGetSymbolAddress(void** address, const void* symbol) {
  if (cudaError_t e = sticky_error()) return e;
  if (address == nullptr) return record(cudaErrorInvalidValue);
  std::byte* where = nullptr;
  if (cudaError_t e = symbol_bytes(symbol, 0, 0, &where)) return record(e);
  *address = where;
  return cudaSuccess;
}

cudaError_t cudaGetSymbolSize(std::size_t* bytes, const void* symbol) {
  if (cudaError_t e = sticky_error()) return e;
  if (bytes == nullptr) return record(cudaErrorInvalidValue);
  const simt::detail::SymbolEntry* entry = simt::detail::find_symbol(symbol);
  if (entry == nullptr) return record(cudaErrorInvalidSymbol);
  *bytes = entry->bytes;
  return cudaSuccess;
}

cudaError_t cudaStreamAttachMemAsync(cudaStream_t, void* pointer, std::size_t bytes,
                                     unsigned int flags) {
  if (cudaError_t e = sticky_error()) return e;
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle)
    return record(cudaErrorInvalidValue);
  // Managed memory is in one place here, visible to every stream and to the host at once.
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  const auto found = m.known.find(static_cast<const std::byte*>(pointer));
  if (found == m.known.end() || found->second.type != cudaMemoryTypeManaged ||
      (bytes != 0 && bytes != found->second.bytes))
    return record(cudaErrorInvalidValue);
  return cudaSuccess;
}

namespace {

/// The device's default memory pool: its attributes, as a program set them.
struct Pool {
  int reuse[3] = {1, 1, 1};
  unsigned long long release_threshold = 0;
  unsigned long long used_high = 0;
};

Pool& default_pool() {
  static Pool* const instance = new Pool;  // never destroyed, as memory()
  return *instance;
}

cudaMemPool_t default_pool_handle() { return reinterpret_cast<cudaMemPool_t>(&default_pool()); }

}  // namespace

cudaError_t cudaMallocAsync(void** pointer, std::size_t bytes, cudaStream_t stream) {
  if (simt::runtime::capturing(stream))
    return simt::runtime::capture_allocation(pointer, bytes, stream);
  if (cudaError_t e = allocate(pointer, bytes, cudaMemoryTypeDevice, "cudaMallocAsync")) return e;
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  default_pool().used_high = std::max<unsigned long long>(default_pool().used_high, m.allocated);
  return cudaSuccess;
}

cudaError_t cudaFreeAsync(void* pointer, cudaStream_t stream) {
  return simt::runtime::issue(stream, cudaGraphNodeTypeMemFree,
                              [pointer] { return release(pointer, false); });
}

cudaError_t cudaMallocFromPoolAsync(void** pointer, std::size_t bytes, cudaMemPool_t pool,
                                    cudaStream_t stream) {
  if (pool != default_pool_handle()) return record(cudaErrorInvalidValue);
  return cudaMallocAsync(pointer, bytes, stream);
}

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t* pool, int device) {
  if (cudaError_t e = sticky_error()) return e;
  if (pool == nullptr) return record(cudaErrorInvalidValue);
  if (device != 0) return record(cudaErrorInvalidDevice);
  *pool = default_pool_handle();
  return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t* pool, int device) {
  return cudaDeviceGetDefaultMemPool(pool, device);
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value) {
  if (cudaError_t e = sticky_error()) return e;
  if (pool != default_pool_handle() || value == nullptr) return record(cudaErrorInvalidValue);
  Pool& p = default_pool();
  switch (attribute) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
      p.reuse[attribute - 1] = *static_cast<int*>(value);
      return cudaSuccess;
    case cudaMemPoolAttrReleaseThreshold:
      p.release_threshold = *static_cast<unsigned long long*>(value);
      return cudaSuccess;
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh:
      if (*static_cast<unsigned long long*>(value) != 0) return record(cudaErrorInvalidValue);
      p.used_high = 0;  // CUDA allows resetting the high-water marks to 0 only
      return cudaSuccess;
    default: return record(cudaErrorInvalidValue);
  }
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t pool, cudaMemPoolAttr attribute, void* value) {
  if (cudaError_t e = sticky_error()) return e;
  if (pool != default_pool_handle() || value == nullptr) return record(cudaErrorInvalidValue);
  Pool& p = default_pool();
  Memory& m = memory();
  std::lock_guard lock(m.mutex);
  auto* bytes = static_cast<unsigned long long*>(value);
  switch (attribute) {
    case cudaMemPoolReuseFollowEventDependencies:
    case cudaMemPoolReuseAllowOpportunistic:
    case cudaMemPoolReuseAllowInternalDependencies:
      *static_cast<int*>(value) = p.reuse[attribute - 1];
      return cudaSuccess;
    case cudaMemPoolAttrReleaseThreshold: *bytes = p.release_threshold; return cudaSuccess;
    // All of the device's memory is one pool here: what is allocated is reserved and used.
    case cudaMemPoolAttrReservedMemCurrent:
    case cudaMemPoolAttrUsedMemCurrent: *bytes = m.allocated; return cudaSuccess;
    case cudaMemPoolAttrReservedMemHigh:
    case cudaMemPoolAttrUsedMemHigh:
      *bytes = std::max<unsigned long long>(p.used_high, m.allocated);
      return cudaSuccess;
    default: return record(cudaErrorInvalidValue);
  }
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t pool, std::size_t) {
  if (cudaError_t e = sticky_error()) return e;
  return pool == default_pool_handle() ? cudaSuccess : record(cudaErrorInvalidValue);
}

cudaError_t cudaMemPoolSetAccess(cudaMemPool_t pool, const cudaMemAccessDesc* descriptions,
                                 std::size_t count) {
  if (cudaError_t e = sticky_error()) return e;
  if (pool != default_pool_handle() || (descriptions == nullptr && count != 0))
    return record(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < count; ++i) {
    const cudaMemLocation& where = descriptions[i].location;
    if (where.type != cudaMemLocationTypeDevice) return record(cudaErrorInvalidValue);
    if (where.id != 0) return record(cudaErrorInvalidDevice);
    // The pool's own device always has read-write access; it cannot be taken away.
    if (descriptions[i].flags != cudaMemAccessFlagsProtReadWrite)
      return record(cudaErrorInvalidValue);
  }
  return cudaSuccess;
}

cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags* flags, cudaMemPool_t pool,
                                 cudaMemLocation* location) {
  if (cudaError_t e = sticky_error()) return e;
  if (flags == nullptr || location == nullptr || pool != default_pool_handle())
    return record(cudaErrorInvalidValue);
  if (location->type != cudaMemLocationTypeDevice) return record(cudaErrorInvalidValue);
  if (location->id != 0) return record(cudaErrorInvalidDevice);
  *flags = cudaMemAccessFlagsProtReadWrite;
  return cudaSuccess;
}

cudaError_t cudaMemcpyPeer(void* destination, int destination_device, const void* source,
                           int source_device, std::size_t bytes) {
  if (cudaError_t e = sticky_error()) return e;
  if (destination_device != 0 || source_device != 0) return record(cudaErrorInvalidDevice);
  return copy(destination, source, bytes, cudaMemcpyDeviceToDevice);
}

cudaError_t cudaMemcpyPeerAsync(void* destination, int destination_device, const void* source,
                                int source_device, std::size_t bytes, cudaStream_t stream) {
  return simt::runtime::issue(stream, cudaGraphNodeTypeMemcpy, [=] {
    return cudaMemcpyPeer(destination, destination_device, source, source_device, bytes);
  });
}
