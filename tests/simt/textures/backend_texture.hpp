#pragma once
/// @file
/// @brief A 2-D texture object on either backend, for the emulator's texture tests (which compare
/// the emulator's samples with the GPU's in one process): the texels in a `cudaArray` or in
/// pitched linear memory with `cudaCreateTextureObject` on the GPU, or the same image in emulator
/// memory with simt::create_texture_object. Kernels get the same `cudaTextureObject_t` either
/// way and read it with `tex2D`. (The chapters create theirs with the runtime API alone.)

#include "common/backend.hpp"
#include "common/cuda_check.hpp"

#include <simt/global_memory.hpp>
#include <simt/texture.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <utility>

namespace tutorial {

/// @brief Where a texture's texels live (`cudaResourceDesc::resType`).
enum class TexelStorage {
  array,    ///< A `cudaArray` (`cudaResourceTypeArray`), laid out for 2-D locality.
  pitched,  ///< Pitched linear memory from `cudaMallocPitch` (`cudaResourceTypePitch2D`).
};

/// @brief The emulator's description of texels of `format` (a `cudaChannelFormatDesc`).
[[nodiscard]] inline simt::TexelFormat texel_format(const cudaChannelFormatDesc& format) {
  const int channels = (format.x > 0) + (format.y > 0) + (format.z > 0) + (format.w > 0);
  return {channels, format.x, static_cast<simt::ChannelKind>(format.f)};
}

/// @brief The emulator's description of `desc`: simt's enumerations have CUDA's values.
[[nodiscard]] inline simt::TextureSampling texture_sampling(const cudaTextureDesc& desc) {
  simt::TextureSampling sampling;
  sampling.address = {static_cast<simt::AddressMode>(desc.addressMode[0]),
                      static_cast<simt::AddressMode>(desc.addressMode[1])};
  sampling.filter = static_cast<simt::FilterMode>(desc.filterMode);
  sampling.read = static_cast<simt::ReadMode>(desc.readMode);
  sampling.normalized_coordinates = desc.normalizedCoords != 0;
  for (int c = 0; c < 4; ++c)
    sampling.border_color[static_cast<std::size_t>(c)] = desc.borderColor[c];
  return sampling;
}

/// @brief `height` rows of `width` texels of type T, sampled as `desc` says, on `backend`.
template <class T>
class BackendTexture {
 public:
  /// @brief Copies `texels` (row after row) into the backend's memory and creates the object.
  /// Throws CudaError (GPU) or simt::TextureError (emulator) where the description is refused.
  BackendTexture(Backend backend, std::span<const T> texels, std::size_t width, std::size_t height,
                 const cudaTextureDesc& desc, TexelStorage storage = TexelStorage::array)
      : backend_(backend) {
    const cudaChannelFormatDesc format = cudaCreateChannelDesc<T>();
    const std::size_t row_bytes = width * sizeof(T);
    if (backend == Backend::emulator) {
      // cudaMallocPitch rounds a row up to texturePitchAlignment; a cudaArray has no pitch.
      const std::size_t a = simt::texture_pitch_alignment;
      const std::size_t pitch =
          storage == TexelStorage::pitched ? (row_bytes + a - 1) / a * a : row_bytes;
      // The start aligned as cudaMallocPitch aligns it (textureAlignment).
      emulated_ = simt::GlobalArray<std::byte>(pitch * height + simt::texture_alignment);
      const auto start = reinterpret_cast<std::uintptr_t>(emulated_.data());
      std::byte* first =
          emulated_.data() +
          (simt::texture_alignment - start % simt::texture_alignment) % simt::texture_alignment;
      for (std::size_t row = 0; row < height; ++row)
        std::memcpy(first + row * pitch, texels.data() + row * width, row_bytes);
      object_ = simt::create_texture_object(
          {first, texel_format(format), width, height, pitch, storage == TexelStorage::pitched},
          texture_sampling(desc));
      return;
    }
    cudaResourceDesc resource{};
    if (storage == TexelStorage::array) {
      CUDA_CHECK(cudaMallocArray(&array_, &format, width, height));
      CUDA_CHECK(cudaMemcpy2DToArray(array_, 0, 0, texels.data(), row_bytes, row_bytes, height,
                                     cudaMemcpyHostToDevice));
      resource.resType = cudaResourceTypeArray;
      resource.res.array.array = array_;
    } else {
      std::size_t pitch = 0;
      CUDA_CHECK(cudaMallocPitch(&pitched_, &pitch, row_bytes, height));
      CUDA_CHECK(cudaMemcpy2D(pitched_, pitch, texels.data(), row_bytes, row_bytes, height,
                              cudaMemcpyHostToDevice));
      resource.resType = cudaResourceTypePitch2D;
      resource.res.pitch2D = {pitched_, format, width, height, pitch};
    }
    CUDA_CHECK(cudaCreateTextureObject(&object_, &resource, &desc, nullptr));
  }
  BackendTexture(const BackendTexture&) = delete;
  BackendTexture& operator=(const BackendTexture&) = delete;
  ~BackendTexture() {
    // A destructor must not throw: errors resurface at the next checked call.
    if (backend_ == Backend::emulator) {
      if (object_ != 0) simt::destroy_texture_object(object_);
      return;
    }
    if (object_ != 0) cudaDestroyTextureObject(object_);
    if (array_ != nullptr) cudaFreeArray(array_);
    if (pitched_ != nullptr) cudaFree(pitched_);
  }

  /// @brief The handle to pass to kernels.
  [[nodiscard]] cudaTextureObject_t object() const noexcept { return object_; }

 private:
  Backend backend_;
  cudaTextureObject_t object_ = 0;
  simt::GlobalArray<std::byte> emulated_;  // the emulator's texels
  cudaArray_t array_ = nullptr;            // the GPU's texels, in an array
  void* pitched_ = nullptr;                // or in pitched memory
};

}  // namespace tutorial
