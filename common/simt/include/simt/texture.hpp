#pragma once
/// @file
/// @brief Texture objects on the emulator, as `cudaCreateTextureObject` makes them on the GPU: a
/// 2-D image of texels (a `cudaArray` or pitched linear memory) and how a kernel samples it
/// (address mode, filter, read mode, normalised coordinates). Kernels read them with
/// `tex2D<T>(object, x, y)`, `tex2DLayered` and `texCubemap` (simt/cuda/texture_fetch.hpp).
///
/// The emulator samples as an H100's texture unit does, bit for bit where it was measured: a
/// normalised coordinate is kept to 21 fractional bits before it is scaled by the size, the
/// weights of linear filtering are 8-bit fractions (the product of the two weights rounded to
/// 8 bits, the other three derived from it so that the four sum to one), and 8- and 16-bit
/// texels read as normalised floats are filtered as 16-bit fixed-point numbers. Linear
/// filtering of 32-bit float texels is close to the GPU's rather than equal to it (within one
/// unit in the last place; about 1.5% of samples of random texels differ), and linear filtering
/// of signed 8-bit texels read normalised is refused (the GPU's arithmetic for it was not
/// found). This header has no CUDA dependency; its enumerations have CUDA's values, so that
/// CUDA's own descriptions convert with a cast.

#include <array>
#include <cstddef>
#include <stdexcept>

namespace simt {

/// @ingroup simt
/// @brief A texture description the GPU would refuse (`cudaErrorInvalidValue`), or a texture
/// object that does not exist (`cudaErrorInvalidResourceHandle`).
class TextureError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// @ingroup simt
/// @brief What a texel's channels hold, as `cudaChannelFormatKind` says it.
enum class ChannelKind {
  signed_integer = 0,    ///< `cudaChannelFormatKindSigned`
  unsigned_integer = 1,  ///< `cudaChannelFormatKindUnsigned`
  floating_point = 2,    ///< `cudaChannelFormatKindFloat`
};

/// @ingroup simt
/// @brief A texel's layout, as `cudaChannelFormatDesc` gives it: 1, 2 or 4 channels of 8, 16 or
/// 32 bits (floating point: 32 bits).
struct TexelFormat {
  int channels = 1;                                ///< 1, 2 or 4.
  int bits = 32;                                   ///< Bits per channel.
  ChannelKind kind = ChannelKind::floating_point;  ///< What the channels hold.
  /// @brief Bytes per texel.
  [[nodiscard]] std::size_t bytes() const { return static_cast<std::size_t>(channels * bits / 8); }
};

/// @ingroup simt
/// @brief Where a coordinate outside the image lands (`cudaTextureAddressMode`).
enum class AddressMode {
  wrap = 0,    ///< Repeats the image (normalised coordinates only; otherwise clamp).
  clamp = 1,   ///< The nearest edge texel.
  mirror = 2,  ///< Repeats the image reflected (normalised coordinates only; otherwise clamp).
  border = 3,  ///< The border colour.
};

/// @ingroup simt
/// @brief How a fetch combines texels (`cudaTextureFilterMode`).
enum class FilterMode {
  point = 0,   ///< The texel the coordinate falls in.
  linear = 1,  ///< The four nearest texels, weighted by distance (bilinear).
};

/// @ingroup simt
/// @brief What a fetch returns (`cudaTextureReadMode`).
enum class ReadMode {
  element_type = 0,      ///< The texel as stored.
  normalized_float = 1,  ///< 8- and 16-bit integers as floats in [0, 1] (signed: [-1, 1]).
};

/// @ingroup simt
/// @brief How kernels sample a texture (the fields of `cudaTextureDesc` the emulator honours).
struct TextureSampling {
  std::array<AddressMode, 2> address{AddressMode::clamp, AddressMode::clamp};  ///< x, then y.
  FilterMode filter = FilterMode::point;                                       ///< Point or linear.
  ReadMode read = ReadMode::element_type;  ///< As stored, or normalised.
  bool normalized_coordinates = false;     ///< Coordinates in [0, 1) rather than in texels.
  std::array<float, 4> border_color{};     ///< For AddressMode::border, converted to the format.
};

/// @ingroup simt
/// @brief The image a texture reads: `height` rows of `width` texels, `pitch_bytes` apart.
struct TexelImage {
  const void* data = nullptr;   ///< The first texel.
  TexelFormat format;           ///< Each texel's layout.
  std::size_t width = 0;        ///< Texels per row.
  std::size_t height = 0;       ///< Rows.
  std::size_t pitch_bytes = 0;  ///< Bytes from one row to the next.
  /// Pitched linear memory (`cudaResourceTypePitch2D`), whose start and pitch the GPU requires
  /// aligned (texture_alignment, texture_pitch_alignment); otherwise a `cudaArray`'s memory.
  bool pitched_linear_memory = false;
  /// Images of a layered array (`cudaArrayLayered`, read with `tex2DLayered`), or the six faces
  /// of a cubemap (`cudaArrayCubemap`, read with `texCubemap`), one after another,
  /// `layer_bytes` apart; 0 for one image.
  std::size_t layers = 0;
  std::size_t layer_bytes = 0;  ///< Bytes from one layer to the next.
  bool cubemap = false;         ///< Its layers are a cubemap's faces, in CUDA's order.
};

/// @ingroup simt
/// @brief The alignment the GPU requires of pitched linear memory's start (an H100's
/// `textureAlignment`).
inline constexpr std::size_t texture_alignment = 512;
/// @ingroup simt
/// @brief The alignment the GPU requires of pitched linear memory's pitch (an H100's
/// `texturePitchAlignment`).
inline constexpr std::size_t texture_pitch_alignment = 32;

/// @ingroup simt
/// @brief A texture object's handle, as `cudaTextureObject_t` (0 is never one).
using TextureObject = unsigned long long;

/// @ingroup simt
/// @brief Creates a texture object over `image`, like `cudaCreateTextureObject`. The image must
/// outlive the object and keep its texels while kernels read them. Throws TextureError where
/// the GPU refuses the description (linear filtering of integer texels read as stored, 32-bit
/// integers read as normalised floats, an empty image, pitched memory not aligned) and for linear
/// filtering of signed 8-bit texels read normalised, which is not emulated.
[[nodiscard]] TextureObject create_texture_object(const TexelImage& image,
                                                  const TextureSampling& sampling);

/// @ingroup simt
/// @brief Destroys a texture object, like `cudaDestroyTextureObject`; 0 is ignored, an unknown
/// handle throws TextureError.
void destroy_texture_object(TextureObject object);

}  // namespace simt
