/// @file
/// @brief The runtime API's arrays and texture objects: an array's texels are emulator memory
/// (cudaMalloc'd, so that they count against the device's memory as on the GPU), row after row
/// with no padding; a texture object is simt's (simt/texture.hpp), over an array or pitched 2-D
/// memory, sampled by the emulator's texture unit when a kernel calls tex2D.

#include <simt/runtime/cuda_runtime_api.h>
#include <simt/texture.hpp>
#include "../host_threads.hpp"
#include "array_copies.hpp"
#include "runtime_state.hpp"

#include <cstddef>
#include <map>

using simt::runtime::record;
using simt::runtime::sticky_error;

/// What cudaMallocArray made: its texels and their layout.
struct cudaArray {
  std::byte* texels = nullptr;
  cudaChannelFormatDesc format{};
  std::size_t width = 0;
  std::size_t height = 0;
  bool one_dimensional = false;  // made with height 0, which cudaArrayGetInfo gives back
  std::size_t layers = 0;        // of a layered array or a cubemap (its depth); else 0
  unsigned flags = cudaArrayDefault;
  [[nodiscard]] std::size_t texel_bytes() const {
    return static_cast<std::size_t>(format.x + format.y + format.z + format.w) / 8;
  }
  [[nodiscard]] std::size_t row_bytes() const { return width * texel_bytes(); }
  [[nodiscard]] std::size_t layer_bytes() const { return row_bytes() * height; }
};

namespace {

/// The resource each texture object was made over (cudaGetTextureObjectResourceDesc).
struct Textures {
  simt::detail::HostMutex mutex;
  std::map<cudaTextureObject_t, cudaResourceDesc> resources;
};

Textures& textures() {
  static Textures* const instance = new Textures;  // never destroyed, as memory.cpp's
  return *instance;
}

/// A format the GPU accepts for a texel: 1, 2 or 4 channels of one width, 8, 16 or 32 bits
/// (floating point: 16 or 32).
bool valid_format(const cudaChannelFormatDesc& f) {
  const int channels = (f.x > 0) + (f.y > 0) + (f.z > 0) + (f.w > 0);
  if (channels == 0 || channels == 3) return false;
  if ((f.y > 0 && f.y != f.x) || (f.z > 0 && f.z != f.x) || (f.w > 0 && f.w != f.x)) return false;
  if (f.y == 0 && (f.z > 0 || f.w > 0)) return false;
  if (f.f == cudaChannelFormatKindFloat) return f.x == 16 || f.x == 32;
  return (f.f == cudaChannelFormatKindSigned || f.f == cudaChannelFormatKindUnsigned) &&
         (f.x == 8 || f.x == 16 || f.x == 32);
}

simt::TexelFormat texel_format(const cudaChannelFormatDesc& f) {
  const int channels = (f.x > 0) + (f.y > 0) + (f.z > 0) + (f.w > 0);
  return {channels, f.x, static_cast<simt::ChannelKind>(f.f)};
}

/// A copy of `width_bytes` x `height` at (`x_bytes`, `row`) of `array`: inside it?
bool inside(const cudaArray* array, std::size_t x_bytes, std::size_t row, std::size_t width_bytes,
            std::size_t height) {
  return x_bytes <= array->row_bytes() && width_bytes <= array->row_bytes() - x_bytes &&
         row <= array->height && height <= array->height - row;
}

/// The deprecated linear copies' range: `bytes` from (`x_bytes`, `row`) on, row after row. Its
/// offset in the texels, or -1 where it does not fit in `array`.
std::ptrdiff_t linear_offset(const cudaArray* array, std::size_t x_bytes, std::size_t row,
                             std::size_t bytes) {
  const std::size_t total = array->row_bytes() * array->height;
  const std::size_t offset = row * array->row_bytes() + x_bytes;
  if (x_bytes > array->row_bytes() || offset > total || bytes > total - offset) return -1;
  return static_cast<std::ptrdiff_t>(offset);
}

}  // namespace

cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f) {
  return cudaChannelFormatDesc{x, y, z, w, f};
}

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* format,
                            std::size_t width, std::size_t height, unsigned int flags) {
  if (cudaError_t e = sticky_error()) return e;
  if (array == nullptr || format == nullptr || width == 0) return record(cudaErrorInvalidValue);
  if (!valid_format(*format)) return record(cudaErrorInvalidChannelDescriptor);
  if (flags != cudaArrayDefault) return record(cudaErrorNotSupported);  // surfaces, layers
  cudaDeviceProp properties{};
  cudaGetDeviceProperties(&properties, 0);
  const std::size_t rows = height == 0 ? 1 : height;  // a 1-D array has height 0
  const bool fits = height == 0
                        ? width <= static_cast<std::size_t>(properties.maxTexture1D)
                        : width <= static_cast<std::size_t>(properties.maxTexture2D[0]) &&
                              height <= static_cast<std::size_t>(properties.maxTexture2D[1]);
  if (!fits) return record(cudaErrorInvalidValue);
  auto* made = new cudaArray{nullptr, *format, width, rows, height == 0};
  void* texels = nullptr;
  if (cudaError_t e = cudaMalloc(&texels, made->row_bytes() * rows); e != cudaSuccess) {
    delete made;
    return e;
  }
  made->texels = static_cast<std::byte*>(texels);
  *array = made;
  return cudaSuccess;
}

cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* format,
                              cudaExtent extent, unsigned int flags) {
  if (cudaError_t e = sticky_error()) return e;
  if (extent.depth == 0 && (flags & (cudaArrayLayered | cudaArrayCubemap)) == 0)
    return cudaMallocArray(array, format, extent.width, extent.height, flags);
  if (array == nullptr || format == nullptr || extent.width == 0)
    return record(cudaErrorInvalidValue);
  if (!valid_format(*format)) return record(cudaErrorInvalidChannelDescriptor);
  // Layered 2-D arrays and cubemaps; 3-D arrays (tex3D), layered 1-D arrays, surfaces and
  // gathers are not emulated.
  const bool layered = (flags & cudaArrayLayered) != 0;
  const bool cubemap = (flags & cudaArrayCubemap) != 0;
  if ((flags & ~unsigned(cudaArrayLayered | cudaArrayCubemap)) != 0 || (!layered && !cubemap) ||
      extent.height == 0)
    return record(cudaErrorNotSupported);
  // An H100's limits (compute capability 9.0): layered 2-D 32768 x 32768 x 2048 layers; cubemap
  // faces 32768 x 32768, square, 6 of them (6 per layer of a layered cubemap, 2046 layers).
  const bool fits = cubemap ? extent.width == extent.height && extent.width <= 32768 &&
                                  extent.depth != 0 && extent.depth % 6 == 0 &&
                                  (layered ? extent.depth <= 2046 * 6 : extent.depth == 6)
                            : extent.width <= 32768 && extent.height <= 32768 &&
                                  extent.depth != 0 && extent.depth <= 2048;
  if (!fits) return record(cudaErrorInvalidValue);
  auto* made =
      new cudaArray{nullptr, *format, extent.width, extent.height, false, extent.depth, flags};
  void* texels = nullptr;
  if (cudaError_t e = cudaMalloc(&texels, made->layer_bytes() * extent.depth); e != cudaSuccess) {
    delete made;
    return e;
  }
  made->texels = static_cast<std::byte*>(texels);
  *array = made;
  return cudaSuccess;
}

cudaError_t cudaFreeArray(cudaArray_t array) {
  if (cudaError_t e = sticky_error()) return e;
  if (array == nullptr) return cudaSuccess;
  if (cudaError_t e = cudaFree(array->texels); e != cudaSuccess) return e;
  delete array;
  return cudaSuccess;
}

cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* format, cudaArray_const_t array) {
  if (cudaError_t e = sticky_error()) return e;
  if (format == nullptr || array == nullptr) return record(cudaErrorInvalidValue);
  *format = array->format;
  return cudaSuccess;
}

cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* format, cudaExtent* extent, unsigned int* flags,
                             cudaArray_t array) {
  if (cudaError_t e = sticky_error()) return e;
  if (array == nullptr) return record(cudaErrorInvalidResourceHandle);
  if (format != nullptr) *format = array->format;
  if (extent != nullptr)
    *extent = cudaExtent{array->width, array->one_dimensional ? 0 : array->height, array->layers};
  if (flags != nullptr) *flags = array->flags;
  return cudaSuccess;
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t destination, std::size_t x_bytes, std::size_t row,
                                const void* source, std::size_t source_pitch,
                                std::size_t width_bytes, std::size_t height, cudaMemcpyKind kind) {
  if (cudaError_t e = sticky_error()) return e;
  if (destination == nullptr) return record(cudaErrorInvalidResourceHandle);
  if (!inside(destination, x_bytes, row, width_bytes, height)) return record(cudaErrorInvalidValue);
  std::byte* first = destination->texels + row * destination->row_bytes() + x_bytes;
  return cudaMemcpy2D(first, destination->row_bytes(), source, source_pitch, width_bytes, height,
                      kind);
}

cudaError_t cudaMemcpy2DFromArray(void* destination, std::size_t destination_pitch,
                                  cudaArray_const_t source, std::size_t x_bytes, std::size_t row,
                                  std::size_t width_bytes, std::size_t height,
                                  cudaMemcpyKind kind) {
  if (cudaError_t e = sticky_error()) return e;
  if (source == nullptr) return record(cudaErrorInvalidResourceHandle);
  if (!inside(source, x_bytes, row, width_bytes, height)) return record(cudaErrorInvalidValue);
  const std::byte* first = source->texels + row * source->row_bytes() + x_bytes;
  return cudaMemcpy2D(destination, destination_pitch, first, source->row_bytes(), width_bytes,
                      height, kind);
}

cudaError_t cudaMemcpyToArray(cudaArray_t destination, std::size_t x_bytes, std::size_t row,
                              const void* source, std::size_t bytes, cudaMemcpyKind kind) {
  if (cudaError_t e = sticky_error()) return e;
  if (destination == nullptr) return record(cudaErrorInvalidResourceHandle);
  const std::ptrdiff_t offset = linear_offset(destination, x_bytes, row, bytes);
  if (offset < 0) return record(cudaErrorInvalidValue);
  return cudaMemcpy(destination->texels + offset, source, bytes, kind);
}

cudaError_t cudaMemcpyFromArray(void* destination, cudaArray_const_t source, std::size_t x_bytes,
                                std::size_t row, std::size_t bytes, cudaMemcpyKind kind) {
  if (cudaError_t e = sticky_error()) return e;
  if (source == nullptr) return record(cudaErrorInvalidResourceHandle);
  const std::ptrdiff_t offset = linear_offset(source, x_bytes, row, bytes);
  if (offset < 0) return record(cudaErrorInvalidValue);
  return cudaMemcpy(destination, source->texels + offset, bytes, kind);
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* object, const cudaResourceDesc* resource,
                                    const cudaTextureDesc* sampling,
                                    const cudaResourceViewDesc* view) {
  if (cudaError_t e = sticky_error()) return e;
  if (object == nullptr || resource == nullptr || sampling == nullptr)
    return record(cudaErrorInvalidValue);
  // What simt's texture unit does not do: views, mipmaps, 1-D linear memory (tex1Dfetch), sRGB,
  // anisotropic filtering.
  if (view != nullptr || sampling->sRGB != 0 || sampling->maxAnisotropy > 1 ||
      resource->resType == cudaResourceTypeMipmappedArray ||
      resource->resType == cudaResourceTypeLinear)
    return record(cudaErrorNotSupported);
  simt::TexelImage image;
  if (resource->resType == cudaResourceTypeArray) {
    const cudaArray* array = resource->res.array.array;
    if (array == nullptr) return record(cudaErrorInvalidResourceHandle);
    image = {array->texels, texel_format(array->format), array->width,
             array->height, array->row_bytes(),          false};
    // A layered cubemap's faces would be read with texCubemapLayered, which is not emulated.
    if ((array->flags & cudaArrayCubemap) != 0 && array->layers != 6)
      return record(cudaErrorNotSupported);
    image.layers = array->layers;
    image.layer_bytes = array->layer_bytes();
    image.cubemap = (array->flags & cudaArrayCubemap) != 0;
  } else if (resource->resType == cudaResourceTypePitch2D) {
    const auto& pitched = resource->res.pitch2D;
    if (!valid_format(pitched.desc)) return record(cudaErrorInvalidChannelDescriptor);
    image = {pitched.devPtr, texel_format(pitched.desc), pitched.width,
             pitched.height, pitched.pitchInBytes,       true};
  } else {
    return record(cudaErrorInvalidValue);
  }
  simt::TextureSampling how;
  how.address = {static_cast<simt::AddressMode>(sampling->addressMode[0]),
                 static_cast<simt::AddressMode>(sampling->addressMode[1])};
  how.filter = static_cast<simt::FilterMode>(sampling->filterMode);
  how.read = static_cast<simt::ReadMode>(sampling->readMode);
  how.normalized_coordinates = sampling->normalizedCoords != 0;
  for (std::size_t c = 0; c < 4; ++c) how.border_color[c] = sampling->borderColor[c];
  try {
    *object = simt::create_texture_object(image, how);
  } catch (const simt::TextureError&) {
    return record(cudaErrorInvalidValue);
  }
  Textures& t = textures();
  std::lock_guard lock(t.mutex);
  t.resources[*object] = *resource;
  return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t object) {
  if (cudaError_t e = sticky_error()) return e;
  try {
    simt::destroy_texture_object(object);
  } catch (const simt::TextureError&) {
    return cudaSuccess;  // an H100 answers so for a handle destroyed before, or never made
  }
  Textures& t = textures();
  std::lock_guard lock(t.mutex);
  t.resources.erase(object);
  return cudaSuccess;
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* resource,
                                             cudaTextureObject_t object) {
  if (cudaError_t e = sticky_error()) return e;
  if (resource == nullptr) return record(cudaErrorInvalidValue);
  Textures& t = textures();
  std::lock_guard lock(t.mutex);
  const auto found = t.resources.find(object);
  if (found == t.resources.end()) return record(cudaErrorInvalidValue);
  *resource = found->second;
  return cudaSuccess;
}

namespace simt::runtime {

cudaError_t copy_3d_with_array(const cudaMemcpy3DParms& p) {
  // The array's side counts in its elements, the linear side's x in bytes; the extent's width
  // is in the array's elements.
  const cudaArray* array = p.dstArray != nullptr ? p.dstArray : p.srcArray;
  const cudaPos& at = p.dstArray != nullptr ? p.dstPos : p.srcPos;
  if (p.dstArray != nullptr && p.srcArray != nullptr) return record(cudaErrorNotSupported);
  const std::size_t layers = array->layers == 0 ? 1 : array->layers;
  if (at.x > array->width || p.extent.width > array->width - at.x || at.y > array->height ||
      p.extent.height > array->height - at.y || at.z > layers || p.extent.depth > layers - at.z)
    return record(cudaErrorInvalidValue);
  const std::size_t row_bytes = p.extent.width * array->texel_bytes();
  const cudaPitchedPtr& linear = p.dstArray != nullptr ? p.srcPtr : p.dstPtr;
  const cudaPos& linear_at = p.dstArray != nullptr ? p.srcPos : p.dstPos;
  for (std::size_t z = 0; z < p.extent.depth; ++z) {
    std::byte* texels = array->texels + (at.z + z) * array->layer_bytes() +
                        at.y * array->row_bytes() + at.x * array->texel_bytes();
    std::byte* other = static_cast<std::byte*>(linear.ptr) +
                       ((linear_at.z + z) * linear.ysize + linear_at.y) * linear.pitch +
                       linear_at.x;
    const cudaError_t e = p.dstArray != nullptr
                              ? cudaMemcpy2D(texels, array->row_bytes(), other, linear.pitch,
                                             row_bytes, p.extent.height, p.kind)
                              : cudaMemcpy2D(other, linear.pitch, texels, array->row_bytes(),
                                             row_bytes, p.extent.height, p.kind);
    if (e != cudaSuccess) return e;
  }
  return cudaSuccess;
}

}  // namespace simt::runtime
