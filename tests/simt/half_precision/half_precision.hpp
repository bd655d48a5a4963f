#pragma once
// The conversions and arithmetic of cuda_fp16.h and cuda_bf16.h (half_kernels.cuh) on the GPU or
// on the CPU emulator; half_precision_test.cpp checks them against CPU loops and, on a machine
// with a GPU, the GPU's results against the emulator's bit for bit.

#include "common/backend.hpp"

#include <span>
#include <vector>

namespace half_precision {

using tutorial::Backend;

/// For each 16-bit pattern, the results of half_functions::Unary (row by row).
[[nodiscard]] std::vector<unsigned long long> unary_of_bits(Backend backend,
                                                            std::span<const unsigned short> bits);
/// For each float, the results of half_functions::FromFloat.
[[nodiscard]] std::vector<unsigned short> from_floats(Backend backend,
                                                      std::span<const float> values);
/// For each integer, the results of half_functions::FromInteger.
[[nodiscard]] std::vector<unsigned short> from_integers(Backend backend,
                                                        std::span<const long long> values);

enum class Type { half, bfloat16 };
/// For each (a, b, c), the results of half_functions::Arithmetic in `type`.
[[nodiscard]] std::vector<unsigned short> arithmetic(Backend backend, Type type,
                                                     std::span<const unsigned short> a,
                                                     std::span<const unsigned short> b,
                                                     std::span<const unsigned short> c);

}  // namespace half_precision
