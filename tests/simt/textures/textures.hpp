#pragma once
// 2-D texture objects sampled by the kernels of texture_kernels.cuh on the GPU or on the CPU
// emulator (backend_texture.hpp); textures_test.cpp checks the samples against CPU loops and,
// where there is a GPU, the emulator's against the GPU's.

#include "common/backend.hpp"

#include <simt/texture.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace textures {

using tutorial::Backend;

/// The texel types the tests sample, and how they are read.
enum class Texels {
  float1,             ///< float, read as stored
  float4,             ///< float4, read as stored
  uchar_normalized,   ///< unsigned char, read as a normalised float
  uchar4_normalized,  ///< uchar4, read as normalised floats
  schar_normalized,   ///< signed char, read as a normalised float
  ushort_normalized,  ///< unsigned short, read as a normalised float
  short_normalized,   ///< short, read as a normalised float
  uchar_stored,       ///< unsigned char, read as stored
  int_stored,         ///< int, read as stored
};

/// Bytes per texel, and channels per texel.
[[nodiscard]] std::size_t texel_bytes(Texels texels);
[[nodiscard]] int channels(Texels texels);

/// One texture: its texels' type, its size and how it is sampled.
struct TextureCase {
  Texels texels = Texels::float1;
  std::size_t width = 7;
  std::size_t height = 5;
  simt::AddressMode address = simt::AddressMode::clamp;  ///< both dimensions
  simt::FilterMode filter = simt::FilterMode::point;
  bool normalized_coordinates = false;
  bool pitched = false;  ///< pitched linear memory rather than a cudaArray
  std::array<float, 4> border_color{0.375f, -0.5f, 0.625f, 2.0f};
};

struct Point {
  float x, y;
};

/// Creates the texture from `texel_data` (row after row, texel_bytes() each) and samples it at
/// every point; each sample's channels as exact doubles (floats, or integers as stored).
[[nodiscard]] std::vector<std::array<double, 4>> sample(Backend backend, const TextureCase& texture,
                                                        std::span<const std::byte> texel_data,
                                                        std::span<const Point> points);

/// Creates the texture and returns what the backend said: empty if it took the description.
[[nodiscard]] std::string refusal(Backend backend, const TextureCase& texture,
                                  std::span<const std::byte> texel_data);

}  // namespace textures
