#pragma once
/// @file
/// @brief A 2-D texture object on either backend, for the emulator's texture tests (which compare
/// the emulator's samples with the GPU's in one process): the texels in a `cudaArray` or in
/// pitched linear memory with `cudaCreateTextureObject` on the GPU, or the same image in emulator
/// memory with simt::create_texture_object. Kernels get the same `cudaTextureObject_t` either
/// way and read it with `tex2D`. The GPU's object is chapter 08's TextureImage, which the chapter
/// creates with the runtime API alone.

#include "chapters/08_memory_spaces/texture_image.hpp"

#include "common/backend.hpp"

#include <simt/global_memory.hpp>
#include <simt/texture.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>

namespace tutorial {

/// @brief Where a texture's texels live (`cudaResourceDesc::resType`).
using TexelStorage = memory_spaces::TexelStorage;

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
                 const cudaTextureDesc& desc, TexelStorage storage = TexelStorage::array) {
    if (backend == Backend::device) {
      gpu_.emplace(texels, width, height, desc, storage);
      object_ = gpu_->object();
      return;
    }
    const std::size_t row_bytes = width * sizeof(T);
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
    object_ = simt::create_texture_object({first, texel_format(cudaCreateChannelDesc<T>()), width,
                                           height, pitch, storage == TexelStorage::pitched},
                                          texture_sampling(desc));
  }
  BackendTexture(const BackendTexture&) = delete;
  BackendTexture& operator=(const BackendTexture&) = delete;
  ~BackendTexture() {
    // A destructor must not throw; the GPU's object goes with gpu_.
    if (!gpu_ && object_ != 0) simt::destroy_texture_object(object_);
  }

  /// @brief The handle to pass to kernels.
  [[nodiscard]] cudaTextureObject_t object() const noexcept { return object_; }

 private:
  cudaTextureObject_t object_ = 0;
  std::optional<memory_spaces::TextureImage<T>> gpu_;  // the GPU's texels and object
  simt::GlobalArray<std::byte> emulated_;              // or the emulator's texels
};

}  // namespace tutorial
