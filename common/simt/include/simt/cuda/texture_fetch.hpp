#pragma once
/// @file
/// @brief CUDA's `tex2D`, `tex2DLayered` and `texCubemap` for texture objects, in kernels
/// compiled by the host compiler: the emulator's texture unit samples the object
/// (simt/texture.hpp says how closely it follows the GPU's).

#include <simt/cuda/builtins.hpp>
#include <simt/detail/texture_fetch.hpp>

#include <source_location>
#include <type_traits>

namespace simt::detail {

/// @brief What `tex2D<T>` returns: a scalar, or a CUDA vector type of 1, 2 or 4 of them.
template <class T>
constexpr const char* scalar_name() {
  if constexpr (std::is_same_v<T, float>) return "float";
  if constexpr (std::is_same_v<T, int>) return "int";
  if constexpr (std::is_same_v<T, unsigned int>) return "unsigned int";
  if constexpr (std::is_same_v<T, signed char>) return "signed char";
  if constexpr (std::is_same_v<T, char>) return "char";
  if constexpr (std::is_same_v<T, unsigned char>) return "unsigned char";
  if constexpr (std::is_same_v<T, short>) return "short";
  if constexpr (std::is_same_v<T, unsigned short>) return "unsigned short";
  return "T";
}
template <class T>
struct FetchType {
  using Channel = T;
  static constexpr int channels = 1;
  static constexpr const char* name = scalar_name<T>();
};
#define SIMT_FETCH_TYPES(base, family)               \
  template <>                                        \
  struct FetchType<family##1> {                      \
    using Channel = base;                            \
    static constexpr int channels = 1;               \
    static constexpr const char* name = #family "1"; \
  };                                                 \
  template <>                                        \
  struct FetchType<family##2> {                      \
    using Channel = base;                            \
    static constexpr int channels = 2;               \
    static constexpr const char* name = #family "2"; \
  };                                                 \
  template <>                                        \
  struct FetchType<family##4> {                      \
    using Channel = base;                            \
    static constexpr int channels = 4;               \
    static constexpr const char* name = #family "4"; \
  };
SIMT_FETCH_TYPES(float, float)
SIMT_FETCH_TYPES(int, int)
SIMT_FETCH_TYPES(unsigned int, uint)
SIMT_FETCH_TYPES(signed char, char)
SIMT_FETCH_TYPES(unsigned char, uchar)
SIMT_FETCH_TYPES(short, short)
SIMT_FETCH_TYPES(unsigned short, ushort)
#undef SIMT_FETCH_TYPES

/// @brief `sample` as a `T`, or the report of a sample of the other kind.
template <class T>
T fetched_as(const TextureSample& sample, const std::source_location& where) {
  using Traits = FetchType<T>;
  using Channel = typename Traits::Channel;
  static_assert(std::is_arithmetic_v<Channel> && !std::is_same_v<Channel, bool>,
                "tex2D<T>: T is a float, an integer of 8, 16 or 32 bits, or a vector of them");
  if (std::is_floating_point_v<Channel> != sample.floating)
    report_texture_type(Traits::name, sample, where);
  const auto c = [&](int i) {
    return static_cast<Channel>(sample.channel[static_cast<unsigned>(i)]);
  };
  if constexpr (Traits::channels == 1 && std::is_arithmetic_v<T>)
    return c(0);
  else if constexpr (Traits::channels == 1)
    return T{c(0)};
  else if constexpr (Traits::channels == 2)
    return T{c(0), c(1)};
  else
    return T{c(0), c(1), c(2), c(3)};
}

}  // namespace simt::detail

/// @brief Samples a 2-D texture object at (`x`, `y`): texel coordinates, or [0, 1) with
/// normalised coordinates; a texel's centre is at .5.
template <class T>
T tex2D(cudaTextureObject_t object, float x, float y,
        std::source_location where = std::source_location::current()) {
  return simt::detail::fetched_as<T>(simt::detail::sample_2d(object, x, y, where), where);
}

/// @brief The older form: the sample stored at `result`.
template <class T>
void tex2D(T* result, cudaTextureObject_t object, float x, float y,
           std::source_location where = std::source_location::current()) {
  *result = tex2D<T>(object, x, y, where);
}

/// @brief Samples layer `layer` of a layered texture object at (`x`, `y`).
template <class T>
T tex2DLayered(cudaTextureObject_t object, float x, float y, int layer,
               std::source_location where = std::source_location::current()) {
  return simt::detail::fetched_as<T>(simt::detail::sample_layered(object, x, y, layer, where),
                                     where);
}

/// @brief Samples a cubemap texture object in the direction (`x`, `y`, `z`).
template <class T>
T texCubemap(cudaTextureObject_t object, float x, float y, float z,
             std::source_location where = std::source_location::current()) {
  return simt::detail::fetched_as<T>(simt::detail::sample_cubemap(object, x, y, z, where), where);
}
