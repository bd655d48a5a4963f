#pragma once
// Every conversion and operation of cuda_fp16.h and cuda_bf16.h that the tests compare, one
// thread per input: the GPU's results against the emulator's, and both against CPU loops.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <type_traits>

#include "half_functions.hpp"

namespace hf = half_functions;

// out[i * hf::unary_count + f]: function f of the 16-bit pattern bits[i], as a half and as a
// bfloat16.
__global__ void UnaryOfBits(const unsigned short* bits, unsigned long long* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const __half h = __ushort_as_half(bits[i]);
  const __nv_bfloat16 b = __ushort_as_bfloat16(bits[i]);
  unsigned long long* r = out + static_cast<long long>(i) * hf::unary_count;
  r[hf::half_to_float_bits] = __float_as_uint(__half2float(h));
  r[hf::half_to_int_rn] = static_cast<unsigned>(__half2int_rn(h));
  r[hf::half_to_int_rz] = static_cast<unsigned>(__half2int_rz(h));
  r[hf::half_to_int_rd] = static_cast<unsigned>(__half2int_rd(h));
  r[hf::half_to_int_ru] = static_cast<unsigned>(__half2int_ru(h));
  r[hf::half_to_uint_rn] = __half2uint_rn(h);
  r[hf::half_to_short_rz] = static_cast<unsigned short>(__half2short_rz(h));
  r[hf::half_to_ushort_ru] = __half2ushort_ru(h);
  r[hf::half_to_ll_rd] = static_cast<unsigned long long>(__half2ll_rd(h));
  r[hf::half_to_ull_rz] = __half2ull_rz(h);
  r[hf::half_to_char_rz] = static_cast<unsigned char>(__half2char_rz(h));
  r[hf::half_to_uchar_rz] = __half2uchar_rz(h);
  r[hf::half_abs] = __half_as_ushort(__habs(h));
  r[hf::half_neg] = __half_as_ushort(__hneg(h));
  r[hf::half_rint] = __half_as_ushort(hrint(h));
  r[hf::half_floor] = __half_as_ushort(hfloor(h));
  r[hf::half_ceil] = __half_as_ushort(hceil(h));
  r[hf::half_trunc] = __half_as_ushort(htrunc(h));
  r[hf::half_is_nan] = __hisnan(h) ? 1u : 0u;
  r[hf::half_is_inf] = static_cast<unsigned>(__hisinf(h));
  r[hf::bf16_to_float_bits] = __float_as_uint(__bfloat162float(b));
  r[hf::bf16_to_int_rn] = static_cast<unsigned>(__bfloat162int_rn(b));
  r[hf::bf16_to_ll_rz] = static_cast<unsigned long long>(__bfloat162ll_rz(b));
  r[hf::bf16_abs] = __bfloat16_as_ushort(__habs(b));
  r[hf::bf16_neg] = __bfloat16_as_ushort(__hneg(b));
  r[hf::bf16_rint] = __bfloat16_as_ushort(hrint(b));
}

// out[i * hf::from_float_count + f]: the bits of conversion f of values[i].
__global__ void FromFloats(const float* values, unsigned short* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const float v = values[i];
  unsigned short* r = out + static_cast<long long>(i) * hf::from_float_count;
  r[hf::float_to_half_rn] = __half_as_ushort(__float2half_rn(v));
  r[hf::float_to_half_rz] = __half_as_ushort(__float2half_rz(v));
  r[hf::float_to_half_rd] = __half_as_ushort(__float2half_rd(v));
  r[hf::float_to_half_ru] = __half_as_ushort(__float2half_ru(v));
  r[hf::double_to_half] = __half_as_ushort(__double2half(static_cast<double>(v) * (1.0 + 0x1p-30)));
  r[hf::float_to_bf16_rn] = __bfloat16_as_ushort(__float2bfloat16_rn(v));
  r[hf::float_to_bf16_rz] = __bfloat16_as_ushort(__float2bfloat16_rz(v));
  r[hf::float_to_bf16_rd] = __bfloat16_as_ushort(__float2bfloat16_rd(v));
  r[hf::float_to_bf16_ru] = __bfloat16_as_ushort(__float2bfloat16_ru(v));
  r[hf::double_to_bf16] =
      __bfloat16_as_ushort(__double2bfloat16(static_cast<double>(v) * (1.0 + 0x1p-30)));
}

// out[i * hf::from_integer_count + f]: the bits of conversion f of values[i], cut to its type.
__global__ void FromIntegers(const long long* values, unsigned short* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const long long v = values[i];
  const int as_int = static_cast<int>(v);
  unsigned short* r = out + static_cast<long long>(i) * hf::from_integer_count;
  r[hf::int_to_half_rn] = __half_as_ushort(__int2half_rn(as_int));
  r[hf::int_to_half_rz] = __half_as_ushort(__int2half_rz(as_int));
  r[hf::int_to_half_rd] = __half_as_ushort(__int2half_rd(as_int));
  r[hf::int_to_half_ru] = __half_as_ushort(__int2half_ru(as_int));
  r[hf::uint_to_half_rn] = __half_as_ushort(__uint2half_rn(static_cast<unsigned>(v)));
  r[hf::short_to_half_rn] = __half_as_ushort(__short2half_rn(static_cast<short>(v)));
  r[hf::ushort_to_half_rd] = __half_as_ushort(__ushort2half_rd(static_cast<unsigned short>(v)));
  r[hf::ll_to_half_rn] = __half_as_ushort(__ll2half_rn(v));
  r[hf::ll_to_half_ru] = __half_as_ushort(__ll2half_ru(v));
  r[hf::ull_to_half_rz] = __half_as_ushort(__ull2half_rz(static_cast<unsigned long long>(v)));
  r[hf::int_to_bf16_rn] = __bfloat16_as_ushort(__int2bfloat16_rn(as_int));
  r[hf::ll_to_bf16_rd] = __bfloat16_as_ushort(__ll2bfloat16_rd(v));
  r[hf::ull_to_bf16_ru] =
      __bfloat16_as_ushort(__ull2bfloat16_ru(static_cast<unsigned long long>(v)));
}

// The bits of a half or bfloat16, and back: the bit casts of cuda_fp16.h and cuda_bf16.h.
__device__ inline unsigned short BitsOf(__half h) { return __half_as_ushort(h); }
__device__ inline unsigned short BitsOf(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }
template <class T>
__device__ T OfBits(unsigned short bits) {
  if constexpr (std::is_same_v<T, __half>)
    return __ushort_as_half(bits);
  else
    return __ushort_as_bfloat16(bits);
}

// out[i * hf::arithmetic_count + f]: the bits of operation f of a[i], b[i], c[i] in type T
// (__half or __nv_bfloat16; Pair: __half2 or __nv_bfloat162).
template <class T, class Pair>
__global__ void Arithmetic(const unsigned short* a_bits, const unsigned short* b_bits,
                           const unsigned short* c_bits, unsigned short* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const T a = OfBits<T>(a_bits[i]), b = OfBits<T>(b_bits[i]), c = OfBits<T>(c_bits[i]);
  unsigned short* r = out + static_cast<long long>(i) * hf::arithmetic_count;
  r[hf::add] = BitsOf(__hadd(a, b));
  r[hf::sub] = BitsOf(__hsub(a, b));
  r[hf::mul] = BitsOf(__hmul(a, b));
  r[hf::div] = BitsOf(__hdiv(a, b));
  r[hf::fma] = BitsOf(__hfma(a, b, c));
  r[hf::add_sat] = BitsOf(__hadd_sat(a, b));
  r[hf::sub_sat] = BitsOf(__hsub_sat(a, b));
  r[hf::mul_sat] = BitsOf(__hmul_sat(a, b));
  r[hf::fma_sat] = BitsOf(__hfma_sat(a, b, c));
  r[hf::fma_relu] = BitsOf(__hfma_relu(a, b, c));
  r[hf::min] = BitsOf(__hmin(a, b));
  r[hf::max] = BitsOf(__hmax(a, b));
  r[hf::min_nan] = BitsOf(__hmin_nan(a, b));
  r[hf::max_nan] = BitsOf(__hmax_nan(a, b));
  r[hf::comparisons] = static_cast<unsigned short>(
      __heq(a, b) | __hne(a, b) << 1 | __hlt(a, b) << 2 | __hle(a, b) << 3 | __hgt(a, b) << 4 |
      __hge(a, b) << 5 | __hequ(a, b) << 6 | __hneu(a, b) << 7 | __hltu(a, b) << 8 |
      __hleu(a, b) << 9 | __hgtu(a, b) << 10 | __hgeu(a, b) << 11 | (a == b) << 12 | (a < b) << 13 |
      (a != b) << 14);
  r[hf::pair_add_low] = BitsOf(__hadd2(Pair{a, b}, Pair{c, a}).x);
  r[hf::pair_mul_high] = BitsOf(__hmul2(Pair{a, b}, Pair{c, a}).y);
  r[hf::sqrt] = BitsOf(hsqrt(a));
  r[hf::rcp] = BitsOf(hrcp(a));
  r[hf::rsqrt] = BitsOf(hrsqrt(a));
  r[hf::exp] = BitsOf(hexp(a));
  r[hf::exp2] = BitsOf(hexp2(a));
  r[hf::log] = BitsOf(hlog(a));
  r[hf::log2] = BitsOf(hlog2(a));
  r[hf::sin] = BitsOf(hsin(a));
  r[hf::cos] = BitsOf(hcos(a));
}
template __global__ void Arithmetic<__half, __half2>(const unsigned short*, const unsigned short*,
                                                     const unsigned short*, unsigned short*, int);
template __global__ void Arithmetic<__nv_bfloat16, __nv_bfloat162>(const unsigned short*,
                                                                   const unsigned short*,
                                                                   const unsigned short*,
                                                                   unsigned short*, int);
