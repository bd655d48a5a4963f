#pragma once
/// @file
/// @brief Grid and block shapes for the emulator, convertible from CUDA's `dim3`.

#include <concepts>
#include <cstdint>

namespace simt {

/// @brief A 3D extent (grid or block shape) with CUDA's `dim3` semantics: unset components are 1.
///
/// Converts implicitly from an integer (a 1D shape) and from any type with `x`, `y`, `z`
/// members, so a launch written with CUDA's own `dim3` compiles unchanged against the emulator.
struct Dim3 {
  unsigned x = 1;  ///< Extent along x.
  unsigned y = 1;  ///< Extent along y.
  unsigned z = 1;  ///< Extent along z.

  constexpr Dim3() = default;
  /// @brief A shape of `x_` by `y_` by `z_`.
  constexpr Dim3(unsigned x_, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
  /// @brief Converts from CUDA's `dim3`/`uint3` or any aggregate with `x`, `y`, `z`.
  template <class T>
  requires requires(const T& t) {
    { t.x } -> std::convertible_to<unsigned>;
    { t.y } -> std::convertible_to<unsigned>;
    { t.z } -> std::convertible_to<unsigned>;
  }
  constexpr Dim3(const T& t) : x(t.x), y(t.y), z(t.z) {}

  /// @brief Number of elements: x * y * z, without overflow.
  [[nodiscard]] constexpr std::uint64_t volume() const {
    return std::uint64_t{x} * std::uint64_t{y} * std::uint64_t{z};
  }
  friend constexpr bool operator==(const Dim3&, const Dim3&) = default;
};

/// @brief A 3D index (what `threadIdx` and `blockIdx` hold), like CUDA's `uint3`.
struct Uint3 {
  unsigned x = 0;  ///< Index along x.
  unsigned y = 0;  ///< Index along y.
  unsigned z = 0;  ///< Index along z.
  friend constexpr bool operator==(const Uint3&, const Uint3&) = default;
};

/// @brief The index of the element at row-major position `linear` in `shape` (x fastest).
[[nodiscard]] constexpr Uint3 unflatten(std::uint64_t linear, const Dim3& shape) {
  return Uint3{static_cast<unsigned>(linear % shape.x),
               static_cast<unsigned>((linear / shape.x) % shape.y),
               static_cast<unsigned>(linear / (std::uint64_t{shape.x} * shape.y))};
}

}  // namespace simt
