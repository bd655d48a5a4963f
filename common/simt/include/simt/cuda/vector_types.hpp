#pragma once
/// @file
/// @brief CUDA's vector types (`int2`, `uint4`, `float4`, ...), `dim3` and their `make_*`
/// functions, with CUDA's sizes and alignments, for kernels compiled by the host compiler.

/// One family of CUDA vector types: `name1` to `name4` of `base`, with the alignments CUDA gives
/// the 1-, 2- and 4-component types (the 3-component type has its element's alignment).
#define SIMT_VECTOR_FAMILY(base, name, align1, align2, align4)                                  \
  struct alignas(align1) name##1 {                                                              \
    base x;                                                                                     \
  };                                                                                            \
  struct alignas(align2) name##2 {                                                              \
    base x, y;                                                                                  \
  };                                                                                            \
  struct name##3 {                                                                              \
    base x, y, z;                                                                               \
  };                                                                                            \
  struct alignas(align4) name##4 {                                                              \
    base x, y, z, w;                                                                            \
  };                                                                                            \
  inline constexpr name##1 make_##name##1(base x) { return name##1 {x}; }                       \
  inline constexpr name##2 make_##name##2(base x, base y) { return name##2 {x, y}; }            \
  inline constexpr name##3 make_##name##3(base x, base y, base z) { return name##3 {x, y, z}; } \
  inline constexpr name##4 make_##name##4(base x, base y, base z, base w) {                     \
    return name##4 {x, y, z, w};                                                                \
  }

SIMT_VECTOR_FAMILY(signed char, char, 1, 2, 4)
SIMT_VECTOR_FAMILY(unsigned char, uchar, 1, 2, 4)
SIMT_VECTOR_FAMILY(short, short, 2, 4, 8)
SIMT_VECTOR_FAMILY(unsigned short, ushort, 2, 4, 8)
SIMT_VECTOR_FAMILY(int, int, 4, 8, 16)
SIMT_VECTOR_FAMILY(unsigned int, uint, 4, 8, 16)
SIMT_VECTOR_FAMILY(long, long, alignof(long), 2 * sizeof(long), 16)
SIMT_VECTOR_FAMILY(unsigned long, ulong, alignof(unsigned long), 2 * sizeof(unsigned long), 16)
SIMT_VECTOR_FAMILY(long long, longlong, 8, 16, 16)
SIMT_VECTOR_FAMILY(unsigned long long, ulonglong, 8, 16, 16)
SIMT_VECTOR_FAMILY(float, float, 4, 8, 16)
SIMT_VECTOR_FAMILY(double, double, 8, 16, 16)
#undef SIMT_VECTOR_FAMILY

/// @brief CUDA's grid and block shape: unset components are 1.
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}  // NOLINT: as CUDA's
  constexpr operator uint3() const { return uint3{x, y, z}; }
};
