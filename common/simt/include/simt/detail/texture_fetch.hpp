#pragma once
/// @file
/// @brief What `tex2D` (simt/cuda/texture_fetch.hpp) asks of the emulator's texture unit
/// (src/texture.cpp): one sample of a texture object, and the report of a read whose type does
/// not match the texture's texels.

#include <simt/texture.hpp>

#include <array>
#include <source_location>

namespace simt::detail {

/// @brief One sample: each channel exactly (a float's value, or an integer as stored).
struct TextureSample {
  std::array<double, 4> channel{};  ///< x, y, z, w.
  int channels = 1;                 ///< How many the texel has.
  bool floating = true;             ///< Floats (float texels, or normalised reads) or integers.
};

/// @brief Samples `object` at (`x`, `y`) as the GPU's texture unit does; reports (a
/// KernelError) an object that does not exist, naming `where`.
[[nodiscard]] TextureSample sample_2d(TextureObject object, float x, float y,
                                      const std::source_location& where);

/// @brief Samples layer `layer` of a layered texture object (`tex2DLayered`).
[[nodiscard]] TextureSample sample_layered(TextureObject object, float x, float y, int layer,
                                           const std::source_location& where);

/// @brief Samples a cubemap texture object in the direction (`x`, `y`, `z`) (`texCubemap`).
[[nodiscard]] TextureSample sample_cubemap(TextureObject object, float x, float y, float z,
                                           const std::source_location& where);

/// @brief Reports (a KernelError) `tex2D<requested>` of a texture whose samples are of the other
/// kind (floats where integers were asked for, or integers where floats were).
[[noreturn]] void report_texture_type(const char* requested, const TextureSample& sample,
                                      const std::source_location& where);

}  // namespace simt::detail
