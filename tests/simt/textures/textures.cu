// The textures of textures.hpp on the GPU (cudaCreateTextureObject over a cudaArray or pitched
// memory) or on the CPU emulator (simt::create_texture_object), through backend_texture.hpp,
// sampled by the kernels of texture_kernels.cuh.

#include "textures.hpp"

#include "texture_kernels.cuh"

#include "backend_texture.hpp"
#include "simt/backend_launch.hpp"

#include <cstring>
#include <exception>

namespace textures {

using tutorial::BackendArray;
using tutorial::BackendTexture;
using tutorial::launch_on;

std::size_t texel_bytes(Texels texels) {
  switch (texels) {
    case Texels::float1: return sizeof(float);
    case Texels::float4: return sizeof(float4);
    case Texels::uchar_normalized: return 1;
    case Texels::uchar4_normalized: return sizeof(uchar4);
    case Texels::schar_normalized: return 1;
    case Texels::ushort_normalized: return 2;
    case Texels::short_normalized: return 2;
    case Texels::uchar_stored: return 1;
    case Texels::int_stored: return sizeof(int);
  }
  return 0;
}

int channels(Texels texels) {
  return texels == Texels::float4 || texels == Texels::uchar4_normalized ? 4 : 1;
}

namespace {

bool read_normalized(Texels texels) {
  return texels != Texels::float1 && texels != Texels::float4 && texels != Texels::uchar_stored &&
         texels != Texels::int_stored;
}

cudaTextureDesc description(const TextureCase& texture) {
  cudaTextureDesc desc{};
  for (auto& mode : desc.addressMode) mode = static_cast<cudaTextureAddressMode>(texture.address);
  desc.filterMode = static_cast<cudaTextureFilterMode>(texture.filter);
  desc.readMode =
      read_normalized(texture.texels) ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
  desc.normalizedCoords = texture.normalized_coordinates ? 1 : 0;
  for (int c = 0; c < 4; ++c) desc.borderColor[c] = texture.border_color[static_cast<unsigned>(c)];
  return desc;
}

template <class T>
std::vector<T> typed(std::span<const std::byte> bytes) {
  std::vector<T> values(bytes.size() / sizeof(T));
  std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
  return values;
}

/// Samples a texture of T texels with `kernel`, whose results are R.
template <class T, class R>
std::vector<std::array<double, 4>> run(
    Backend backend, const TextureCase& texture, std::span<const std::byte> texel_data,
    std::span<const Point> points, void (*kernel)(cudaTextureObject_t, const float2*, R*, int)) {
  const std::vector<T> texels = typed<T>(texel_data);
  const BackendTexture<T> object(
      backend, texels, texture.width, texture.height, description(texture),
      texture.pitched ? tutorial::TexelStorage::pitched : tutorial::TexelStorage::array);
  std::vector<float2> at(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) at[i] = make_float2(points[i].x, points[i].y);
  BackendArray<float2> on(backend, at);
  BackendArray<R> samples(backend, points.size());
  const auto n = static_cast<unsigned>(points.size());
  launch_on(backend, {(n + 255) / 256, 256}, kernel, object.object(), on.data(), samples.data(),
            static_cast<int>(n));
  std::vector<std::array<double, 4>> out;
  for (const R& s : samples.read()) {
    if constexpr (std::is_same_v<R, float4>)
      out.push_back({s.x, s.y, s.z, s.w});
    else
      out.push_back({static_cast<double>(s), 0, 0, 0});
  }
  return out;
}

}  // namespace

std::vector<std::array<double, 4>> sample(Backend backend, const TextureCase& texture,
                                          std::span<const std::byte> texel_data,
                                          std::span<const Point> points) {
  switch (texture.texels) {
    case Texels::float1: return run<float>(backend, texture, texel_data, points, SampleFloat);
    case Texels::float4: return run<float4>(backend, texture, texel_data, points, SampleFloat4);
    case Texels::uchar_normalized:
      return run<unsigned char>(backend, texture, texel_data, points, SampleFloat);
    case Texels::uchar4_normalized:
      return run<uchar4>(backend, texture, texel_data, points, SampleFloat4);
    case Texels::schar_normalized:
      return run<signed char>(backend, texture, texel_data, points, SampleFloat);
    case Texels::ushort_normalized:
      return run<unsigned short>(backend, texture, texel_data, points, SampleFloat);
    case Texels::short_normalized:
      return run<short>(backend, texture, texel_data, points, SampleFloat);
    case Texels::uchar_stored:
      return run<unsigned char>(backend, texture, texel_data, points, SampleUchar);
    case Texels::int_stored: return run<int>(backend, texture, texel_data, points, SampleInt);
  }
  return {};
}

std::string refusal(Backend backend, const TextureCase& texture,
                    std::span<const std::byte> texel_data) {
  try {
    (void)sample(backend, texture, texel_data, std::vector<Point>{{0.5f, 0.5f}});
  } catch (const std::exception& refused) {
    if (backend == Backend::device) (void)cudaGetLastError();
    return refused.what();
  }
  return {};
}

}  // namespace textures
