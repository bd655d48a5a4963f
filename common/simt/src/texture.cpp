// Texture objects and the texture unit that samples them (simt/texture.hpp,
// simt/detail/texture_fetch.hpp). The sampling rules were measured on an H100: a program fetched
// every filter, address mode, coordinate kind and texel format of the runtime over a fine grid of
// coordinates, and the rules below reproduce what it returned (tests/simt/textures compares the
// two on the GPU).

#include "describe.hpp"
#include "host_threads.hpp"

#include <simt/detail/texture_fetch.hpp>
#include <simt/texture.hpp>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

namespace simt {
namespace {

struct Texture {
  TexelImage image;
  TextureSampling sampling;
  /// Samples are floats: float texels, or integers read as normalised floats.
  bool floating = true;
};

// A handle is a slot's index + 1 in its low 20 bits and the slot's generation above them, so
// that a destroyed object's handle is not taken for the object that reuses its slot. Kernels
// read the slots without a lock (a texture is immutable while it exists).
constexpr unsigned slot_bits = 20;
constexpr std::size_t slot_count = 1u << 16;
struct Slot {
  std::atomic<const Texture*> texture{nullptr};
  std::atomic<std::uint64_t> generation{0};
};
Slot slots[slot_count];
detail::HostMutex slots_changing;
std::size_t next_slot = 0;

const Texture* texture_of(TextureObject object) {
  const std::uint64_t index = (object & ((1u << slot_bits) - 1)) - 1;
  if (object == 0 || index >= slot_count) return nullptr;
  const Slot& slot = slots[index];
  if (slot.generation.load(std::memory_order_acquire) != (object >> slot_bits)) return nullptr;
  return slot.texture.load(std::memory_order_acquire);
}

[[noreturn]] void refuse(const std::string& why) {
  throw TextureError("cudaCreateTextureObject: cudaErrorInvalidValue: " + why);
}

void check_description(const TexelImage& image, const TextureSampling& sampling) {
  const TexelFormat& f = image.format;
  if (f.channels != 1 && f.channels != 2 && f.channels != 4)
    refuse("a texel has 1, 2 or 4 channels, not " + std::to_string(f.channels));
  if (f.kind == ChannelKind::floating_point && f.bits != 32)
    refuse(std::to_string(f.bits) + "-bit floating-point texels are not emulated (32-bit only)");
  if (f.bits != 8 && f.bits != 16 && f.bits != 32)
    refuse("a channel has 8, 16 or 32 bits, not " + std::to_string(f.bits));
  if (image.data == nullptr || image.width == 0 || image.height == 0)
    refuse("the image is empty (no data, or a width or height of 0)");
  if (image.pitch_bytes < image.width * f.bytes())
    refuse("the pitch (" + std::to_string(image.pitch_bytes) + " bytes) is less than a row (" +
           std::to_string(image.width * f.bytes()) + " bytes)");
  if (image.pitched_linear_memory) {
    if (reinterpret_cast<std::uintptr_t>(image.data) % texture_alignment != 0)
      refuse("pitched memory must start at a multiple of textureAlignment (" +
             std::to_string(texture_alignment) + " bytes), as cudaMallocPitch's does");
    if (image.pitch_bytes % texture_pitch_alignment != 0)
      refuse("the pitch (" + std::to_string(image.pitch_bytes) +
             " bytes) must be a multiple of texturePitchAlignment (" +
             std::to_string(texture_pitch_alignment) + " bytes)");
  }
  const bool integers = f.kind != ChannelKind::floating_point;
  if (integers && sampling.read == ReadMode::normalized_float && f.bits == 32)
    refuse("cudaReadModeNormalizedFloat is for 8- and 16-bit integer texels, not 32-bit ones");
  // The GPU filters signed 8-bit texels read normalised in a way not found yet (a 16-bit
  // fixed-point sum, as for the other formats, is off by up to 51 32767ths on an H100): refused
  // rather than sampled differently.
  if (f.kind == ChannelKind::signed_integer && f.bits == 8 &&
      sampling.read == ReadMode::normalized_float && sampling.filter == FilterMode::linear)
    throw TextureError(
        "cudaCreateTextureObject: linear filtering of signed 8-bit texels read with "
        "cudaReadModeNormalizedFloat is not emulated (the GPU's arithmetic for them is not "
        "known); use point filtering, or 16-bit texels");
  if (integers && sampling.read == ReadMode::element_type && sampling.filter == FilterMode::linear)
    refuse(
        "cudaFilterModeLinear needs float samples: float texels, or integer texels read "
        "with cudaReadModeNormalizedFloat");
}

// --- Coordinates -------------------------------------------------------------------------------

/// A coordinate in texels. A normalised one is kept to 21 fractional bits (rounded down) before
/// it is scaled, as the GPU keeps it: 1/7 rounded up to a float still lands in texel 0 of 7.
double texel_coordinate(float c, std::size_t size, bool normalized) {
  double x = std::isnan(c) ? 0.0 : std::clamp(static_cast<double>(c), -0x1p40, 0x1p40);
  if (!normalized) return x;
  return std::floor(x * 0x1p21) / 0x1p21 * static_cast<double>(size);
}

/// The texel an integer index `i` stands for under `mode`, or -1 for the border.
double wrapped_index(double i, std::size_t size, AddressMode mode, bool normalized) {
  const double n = static_cast<double>(size);
  // The GPU honours wrap and mirror only with normalised coordinates, and clamps otherwise.
  if (!normalized && (mode == AddressMode::wrap || mode == AddressMode::mirror))
    mode = AddressMode::clamp;
  switch (mode) {
    case AddressMode::wrap: {
      const double m = std::fmod(i, n);
      return m < 0 ? m + n : m;
    }
    case AddressMode::mirror: {
      double m = std::fmod(i, 2 * n);
      if (m < 0) m += 2 * n;
      return m < n ? m : 2 * n - 1 - m;
    }
    case AddressMode::clamp: return std::clamp(i, 0.0, n - 1);
    case AddressMode::border: return i < 0 || i >= n ? -1 : i;
  }
  return -1;
}

// --- Texels ------------------------------------------------------------------------------------

/// The largest value of an n-bit integer channel: what 1.0 is when it is read normalised.
double channel_scale(const TexelFormat& f) {
  const int magnitude_bits = f.kind == ChannelKind::signed_integer ? f.bits - 1 : f.bits;
  return std::ldexp(1.0, magnitude_bits) - 1;
}

/// A stored channel as an exact double: the float, or the integer.
double stored_channel(const std::byte* texel, const TexelFormat& f, int c) {
  const std::byte* at = texel + c * f.bits / 8;
  switch (f.bits) {
    case 8:
      return f.kind == ChannelKind::signed_integer
                 ? static_cast<double>(std::bit_cast<std::int8_t>(*at))
                 : static_cast<double>(std::to_integer<unsigned>(*at));
    case 16: {
      std::uint16_t v;
      std::memcpy(&v, at, 2);
      return f.kind == ChannelKind::signed_integer
                 ? static_cast<double>(std::bit_cast<std::int16_t>(v))
                 : static_cast<double>(v);
    }
    default: {
      std::uint32_t v;
      std::memcpy(&v, at, 4);
      if (f.kind == ChannelKind::floating_point)
        return static_cast<double>(std::bit_cast<float>(v));
      return f.kind == ChannelKind::signed_integer
                 ? static_cast<double>(std::bit_cast<std::int32_t>(v))
                 : static_cast<double>(v);
    }
  }
}

/// The border colour's channel `c` as the texel format stores it: a float as it is; for integer
/// texels read normalised, the nearest integer of the format; for integer texels read as stored,
/// the low bits of the float's encoding (what the GPU returns).
double border_channel(const Texture& t, int c) {
  const TexelFormat& f = t.image.format;
  const float colour = t.sampling.border_color[static_cast<unsigned>(c)];
  if (f.kind == ChannelKind::floating_point) return colour;
  if (t.sampling.read == ReadMode::normalized_float) {
    const double low = f.kind == ChannelKind::signed_integer ? -1.0 : 0.0;
    return std::nearbyint(std::clamp(static_cast<double>(colour), low, 1.0) * channel_scale(f));
  }
  const auto bits = std::bit_cast<std::uint32_t>(colour);
  if (f.bits == 32)
    return f.kind == ChannelKind::signed_integer ? std::bit_cast<std::int32_t>(bits) : bits;
  const std::uint32_t low_bits = bits & ((1u << f.bits) - 1);
  const bool negative = f.kind == ChannelKind::signed_integer && (low_bits >> (f.bits - 1)) != 0;
  return negative ? static_cast<double>(low_bits) - std::ldexp(1.0, f.bits) : low_bits;
}

/// Channel `c` of texel (i, j) of `layer`, already mapped by the address mode (-1: the border).
double texel_channel(const Texture& t, std::size_t layer, double i, double j, int c) {
  if (i < 0 || j < 0) return border_channel(t, c);
  const auto* row = static_cast<const std::byte*>(t.image.data) + layer * t.image.layer_bytes +
                    static_cast<std::size_t>(j) * t.image.pitch_bytes;
  return stored_channel(row + static_cast<std::size_t>(i) * t.image.format.bytes(), t.image.format,
                        c);
}

/// A stored integer read normalised, as a point sample returns it.
double normalized(const TexelFormat& f, double v) {
  const double value = static_cast<float>(v / channel_scale(f));
  return f.kind == ChannelKind::signed_integer ? std::max(value, -1.0) : value;
}

/// A stored integer as a 16-bit fixed-point number, in which the GPU filters integer texels
/// read normalised: 8-bit unsigned texels replicated into 16 bits (x 257). (Linear filtering of
/// signed 8-bit texels is refused by check_description.)
double filtering_value(const TexelFormat& f, double v) { return f.bits == 16 ? v : v * 257; }

detail::TextureSample sample(const Texture& t, float u, float v, std::size_t layer = 0) {
  const TexelImage& image = t.image;
  const TexelFormat& f = image.format;
  const TextureSampling& s = t.sampling;
  detail::TextureSample out;
  out.channels = f.channels;
  out.floating = t.floating;
  out.channel = {0, 0, 0, 1};
  const double x = texel_coordinate(u, image.width, s.normalized_coordinates);
  const double y = texel_coordinate(v, image.height, s.normalized_coordinates);
  const auto column = [&](double i) {
    return wrapped_index(i, image.width, s.address[0], s.normalized_coordinates);
  };
  const auto row = [&](double j) {
    return wrapped_index(j, image.height, s.address[1], s.normalized_coordinates);
  };
  if (s.filter == FilterMode::point) {
    const double i = column(std::floor(x)), j = row(std::floor(y));
    for (int c = 0; c < f.channels; ++c) {
      const double stored = texel_channel(t, layer, i, j, c);
      out.channel[static_cast<unsigned>(c)] =
          f.kind != ChannelKind::floating_point && s.read == ReadMode::normalized_float
              ? normalized(f, stored)
              : stored;
    }
    return out;
  }
  // Linear filtering: the weights are 8-bit fractions of the distance from the texel centres
  // (the guide's "9-bit fixed point format with 8 bits of fractional value"), rounded to
  // nearest. The GPU rounds the product of the two to 8 bits and derives the other three weights
  // from it, so that the four add up to exactly one.
  const double xb = x - 0.5, yb = y - 0.5;
  double i0 = std::floor(xb), j0 = std::floor(yb);
  int a = static_cast<int>(std::floor((xb - i0) * 256 + 0.5));
  int b = static_cast<int>(std::floor((yb - j0) * 256 + 0.5));
  if (a == 256) a = 0, i0 += 1;
  if (b == 256) b = 0, j0 += 1;
  const int ab = (a * b + 128) >> 8;
  const int weight[4] = {256 - a - b + ab, a - ab, b - ab, ab};
  const double columns[2] = {column(i0), column(i0 + 1)};
  const double rows[2] = {row(j0), row(j0 + 1)};
  for (int c = 0; c < f.channels; ++c) {
    double sum = 0;
    for (int k = 0; k < 4; ++k) {
      const double stored = texel_channel(t, layer, columns[k & 1], rows[k >> 1], c);
      sum +=
          weight[k] * (f.kind == ChannelKind::floating_point ? stored : filtering_value(f, stored));
    }
    double value;
    if (f.kind == ChannelKind::floating_point) {
      value = static_cast<float>(sum / 256);
    } else {
      // The sum rounded to the 16-bit fixed-point number, then read as a float.
      const double fixed = std::floor(sum / 256 + 0.5);
      value =
          static_cast<float>(fixed / (f.kind == ChannelKind::signed_integer ? 32767.0 : 65535.0));
      if (f.kind == ChannelKind::signed_integer) value = std::max(value, -1.0);
    }
    out.channel[static_cast<unsigned>(c)] = value;
  }
  return out;
}

}  // namespace

TextureObject create_texture_object(const TexelImage& image, const TextureSampling& sampling) {
  check_description(image, sampling);
  auto texture = std::make_unique<Texture>(Texture{image, sampling, true});
  texture->floating = image.format.kind == ChannelKind::floating_point ||
                      sampling.read == ReadMode::normalized_float;
  const std::lock_guard lock(slots_changing);
  for (std::size_t tried = 0; tried < slot_count; ++tried) {
    const std::size_t index = (next_slot + tried) % slot_count;
    Slot& slot = slots[index];
    if (slot.texture.load(std::memory_order_relaxed) != nullptr) continue;
    const std::uint64_t generation = slot.generation.load(std::memory_order_relaxed) + 1;
    slot.generation.store(generation, std::memory_order_release);
    slot.texture.store(texture.release(), std::memory_order_release);
    next_slot = index + 1;
    return (generation << slot_bits) | (index + 1);
  }
  throw TextureError("cudaCreateTextureObject: cudaErrorMemoryAllocation: more than " +
                     std::to_string(slot_count) + " texture objects exist at once");
}

void destroy_texture_object(TextureObject object) {
  if (object == 0) return;
  const std::lock_guard lock(slots_changing);
  const Texture* texture = texture_of(object);
  if (texture == nullptr)
    throw TextureError("cudaDestroyTextureObject: cudaErrorInvalidResourceHandle: texture object " +
                       std::to_string(object) + " does not exist");
  slots[(object & ((1u << slot_bits) - 1)) - 1].texture.store(nullptr, std::memory_order_release);
  delete texture;
}

namespace detail {

namespace {

/// The texture of `object`, a texture of the shape `fetch` reads; else the kernel's report.
const Texture& texture_for(const char* fetch, TextureObject object, bool layered, bool cubemap,
                           const std::source_location& where) {
  const Texture* texture = texture_of(object);
  if (texture == nullptr)
    fail_in_kernel(fetch, where,
                   running_thread_text() + " samples texture object " + std::to_string(object) +
                       ", which does not exist (never created, or destroyed)");
  const TexelImage& image = texture->image;
  if ((image.layers != 0 && !image.cubemap) != layered || image.cubemap != cubemap)
    fail_in_kernel(fetch, where,
                   running_thread_text() + " samples texture object " + std::to_string(object) +
                       ", which is " +
                       (image.cubemap       ? "a cubemap (texCubemap reads it)"
                        : image.layers != 0 ? "layered (tex2DLayered reads it)"
                                            : "one 2-D image (tex2D reads it)") +
                       "; the GPU returns meaningless values");
  return *texture;
}

}  // namespace

TextureSample sample_2d(TextureObject object, float x, float y, const std::source_location& where) {
  return sample(texture_for("tex2D", object, false, false, where), x, y);
}

TextureSample sample_layered(TextureObject object, float x, float y, int layer,
                             const std::source_location& where) {
  const Texture& texture = texture_for("tex2DLayered", object, true, false, where);
  // A layer outside the array reads the nearest one.
  const auto last = static_cast<long long>(texture.image.layers) - 1;
  return sample(texture, x, y, static_cast<std::size_t>(std::clamp<long long>(layer, 0, last)));
}

TextureSample sample_cubemap(TextureObject object, float x, float y, float z,
                             const std::source_location& where) {
  const Texture& texture = texture_for("texCubemap", object, false, true, where);
  // The face of the direction's largest component, and the coordinates on it, as the
  // programming guide's table of cubemap fetches gives them.
  const float ax = std::fabs(x), ay = std::fabs(y), az = std::fabs(z);
  std::size_t face;
  float m, s, t;
  if (ax >= ay && ax >= az) {
    face = x >= 0 ? 0 : 1, m = ax, s = x >= 0 ? -z : z, t = -y;
  } else if (ay >= az) {
    face = y >= 0 ? 2 : 3, m = ay, s = x, t = y >= 0 ? z : -z;
  } else {
    face = z >= 0 ? 4 : 5, m = az, s = z >= 0 ? x : -x, t = -y;
  }
  // (s/m + 1)/2 and (t/m + 1)/2 are normalised coordinates on the face.
  Texture on_face = texture;
  on_face.sampling.normalized_coordinates = true;
  return sample(on_face, (s / m + 1) / 2, (t / m + 1) / 2, face);
}

void report_texture_type(const char* requested, const TextureSample& sample,
                         const std::source_location& where) {
  fail_in_kernel(std::string("tex2D<") + requested + ">", where,
                 running_thread_text() + " reads " +
                     (sample.floating ? "a texture whose samples are floats (float texels, or "
                                        "integers read with cudaReadModeNormalizedFloat) as "
                                        "integers"
                                      : "a texture of integer texels read as stored "
                                        "(cudaReadModeElementType) as floats") +
                     "; the GPU returns meaningless bits");
}

}  // namespace detail
}  // namespace simt
