// The kernels of half_kernels.cuh on the GPU (<<<>>>) or on the CPU emulator (simt::launch names
// the same kernel; simt_add_kernels() translated the kernel file).

#include "half_precision.hpp"

#include "half_kernels.cuh"

#include "simt/backend_launch.hpp"

namespace half_precision {

using tutorial::BackendArray;
using tutorial::launch_on;

namespace {
constexpr unsigned block = 256;
unsigned blocks_for(std::size_t n) { return static_cast<unsigned>((n + block - 1) / block); }
}  // namespace

std::vector<unsigned long long> unary_of_bits(Backend backend,
                                              std::span<const unsigned short> bits) {
  BackendArray<unsigned short> in(backend, bits);
  BackendArray<unsigned long long> out(backend, bits.size() * half_functions::unary_count, 0);
  launch_on(backend, {blocks_for(bits.size()), block}, UnaryOfBits, in.data(), out.data(),
            static_cast<int>(bits.size()));
  return out.read();
}

std::vector<unsigned short> from_floats(Backend backend, std::span<const float> values) {
  BackendArray<float> in(backend, values);
  BackendArray<unsigned short> out(backend, values.size() * half_functions::from_float_count, 0);
  launch_on(backend, {blocks_for(values.size()), block}, FromFloats, in.data(), out.data(),
            static_cast<int>(values.size()));
  return out.read();
}

std::vector<unsigned short> from_integers(Backend backend, std::span<const long long> values) {
  BackendArray<long long> in(backend, values);
  BackendArray<unsigned short> out(backend, values.size() * half_functions::from_integer_count, 0);
  launch_on(backend, {blocks_for(values.size()), block}, FromIntegers, in.data(), out.data(),
            static_cast<int>(values.size()));
  return out.read();
}

std::vector<unsigned short> arithmetic(Backend backend, Type type,
                                       std::span<const unsigned short> a,
                                       std::span<const unsigned short> b,
                                       std::span<const unsigned short> c) {
  BackendArray<unsigned short> in_a(backend, a), in_b(backend, b), in_c(backend, c);
  BackendArray<unsigned short> out(backend, a.size() * half_functions::arithmetic_count, 0);
  const auto n = static_cast<int>(a.size());
  if (type == Type::half)
    launch_on(backend, {blocks_for(a.size()), block}, Arithmetic<__half, __half2>, in_a.data(),
              in_b.data(), in_c.data(), out.data(), n);
  else
    launch_on(backend, {blocks_for(a.size()), block}, Arithmetic<__nv_bfloat16, __nv_bfloat162>,
              in_a.data(), in_b.data(), in_c.data(), out.data(), n);
  return out.read();
}

}  // namespace half_precision
