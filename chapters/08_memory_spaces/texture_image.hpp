#pragma once
// An image in texture memory, created as the guide creates one: the texels copied into a
// cudaArray or into pitched linear memory, and a texture object over them that kernels read
// with tex2D; the destructor frees both. For CUDA sources (it names CUDA's texture types): the
// launches, the benchmark and the exercise.

#include "common/cuda_check.hpp"

#include <cuda_runtime.h>

#include <cstddef>
#include <span>

namespace memory_spaces {

/// @brief Where the texels live (`cudaResourceDesc::resType`).
enum class TexelStorage {
  array,    ///< A cudaArray (cudaResourceTypeArray), laid out for 2-D locality.
  pitched,  ///< Pitched linear memory from cudaMallocPitch (cudaResourceTypePitch2D).
};

/// @brief `height` rows of `width` texels of type T, sampled as `desc` says.
template <class T>
class TextureImage {
 public:
  /// @brief Copies `texels` (row after row) to the device and creates the texture object.
  TextureImage(std::span<const T> texels, std::size_t width, std::size_t height,
               const cudaTextureDesc& desc, TexelStorage storage = TexelStorage::array) {
    // [doc:texture-object]
    const cudaChannelFormatDesc format = cudaCreateChannelDesc<T>();
    const std::size_t row_bytes = width * sizeof(T);
    cudaResourceDesc resource{};
    if (storage == TexelStorage::array) {
      CUDA_CHECK(cudaMallocArray(&array_, &format, width, height));
      CUDA_CHECK(cudaMemcpy2DToArray(array_, 0, 0, texels.data(), row_bytes, row_bytes, height,
                                     cudaMemcpyHostToDevice));
      resource.resType = cudaResourceTypeArray;
      resource.res.array.array = array_;
    } else {
      // cudaMallocPitch pads each row to the alignment the texture unit needs.
      std::size_t pitch = 0;
      CUDA_CHECK(cudaMallocPitch(&pitched_, &pitch, row_bytes, height));
      CUDA_CHECK(cudaMemcpy2D(pitched_, pitch, texels.data(), row_bytes, row_bytes, height,
                              cudaMemcpyHostToDevice));
      resource.resType = cudaResourceTypePitch2D;
      resource.res.pitch2D = {pitched_, format, width, height, pitch};
    }
    CUDA_CHECK(cudaCreateTextureObject(&object_, &resource, &desc, nullptr));
    // [doc:texture-object]
  }
  TextureImage(const TextureImage&) = delete;
  TextureImage& operator=(const TextureImage&) = delete;
  ~TextureImage() {
    // A destructor must not throw: errors resurface at the next checked call.
    if (object_ != 0) cudaDestroyTextureObject(object_);
    if (array_ != nullptr) cudaFreeArray(array_);
    if (pitched_ != nullptr) cudaFree(pitched_);
  }
  /// @brief The handle to pass to kernels.
  [[nodiscard]] cudaTextureObject_t object() const noexcept { return object_; }

 private:
  cudaTextureObject_t object_ = 0;
  cudaArray_t array_ = nullptr;  // the texels, in an array
  void* pitched_ = nullptr;      // or in pitched memory
};

}  // namespace memory_spaces
