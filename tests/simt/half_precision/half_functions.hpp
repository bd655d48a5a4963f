#pragma once
// The functions of cuda_fp16.h and cuda_bf16.h that half_kernels.cuh computes, in the order of
// the columns of its outputs, with their names for messages. Shared by the kernels (nvcc and the
// emulator) and the host code.

namespace half_functions {

// Of one 16-bit value's bits: each result widened to 64 bits.
enum Unary : int {
  half_to_float_bits,
  half_to_int_rn,
  half_to_int_rz,
  half_to_int_rd,
  half_to_int_ru,
  half_to_uint_rn,
  half_to_short_rz,
  half_to_ushort_ru,
  half_to_ll_rd,
  half_to_ull_rz,
  half_to_char_rz,
  half_to_uchar_rz,
  half_abs,
  half_neg,
  half_rint,
  half_floor,
  half_ceil,
  half_trunc,
  half_is_nan,
  half_is_inf,
  bf16_to_float_bits,
  bf16_to_int_rn,
  bf16_to_ll_rz,
  bf16_abs,
  bf16_neg,
  bf16_rint,
  unary_count
};
inline constexpr const char* unary_names[] = {"__half2float",
                                              "__half2int_rn",
                                              "__half2int_rz",
                                              "__half2int_rd",
                                              "__half2int_ru",
                                              "__half2uint_rn",
                                              "__half2short_rz",
                                              "__half2ushort_ru",
                                              "__half2ll_rd",
                                              "__half2ull_rz",
                                              "__half2char_rz",
                                              "__half2uchar_rz",
                                              "__habs",
                                              "__hneg",
                                              "hrint",
                                              "hfloor",
                                              "hceil",
                                              "htrunc",
                                              "__hisnan",
                                              "__hisinf",
                                              "__bfloat162float",
                                              "__bfloat162int_rn",
                                              "__bfloat162ll_rz",
                                              "__habs(bf16)",
                                              "__hneg(bf16)",
                                              "hrint(bf16)"};

// Of one float: 16-bit results.
enum FromFloat : int {
  float_to_half_rn,
  float_to_half_rz,
  float_to_half_rd,
  float_to_half_ru,
  double_to_half,
  float_to_bf16_rn,
  float_to_bf16_rz,
  float_to_bf16_rd,
  float_to_bf16_ru,
  double_to_bf16,
  from_float_count
};
inline constexpr const char* from_float_names[] = {
    "__float2half_rn",     "__float2half_rz",     "__float2half_rd",     "__float2half_ru",
    "__double2half",       "__float2bfloat16_rn", "__float2bfloat16_rz", "__float2bfloat16_rd",
    "__float2bfloat16_ru", "__double2bfloat16"};

// Of one 64-bit integer (cut to each function's type): 16-bit results.
enum FromInteger : int {
  int_to_half_rn,
  int_to_half_rz,
  int_to_half_rd,
  int_to_half_ru,
  uint_to_half_rn,
  short_to_half_rn,
  ushort_to_half_rd,
  ll_to_half_rn,
  ll_to_half_ru,
  ull_to_half_rz,
  int_to_bf16_rn,
  ll_to_bf16_rd,
  ull_to_bf16_ru,
  from_integer_count
};
inline constexpr const char* from_integer_names[] = {
    "__int2half_rn",     "__int2half_rz",    "__int2half_rd",    "__int2half_ru", "__uint2half_rn",
    "__short2half_rn",   "__ushort2half_rd", "__ll2half_rn",     "__ll2half_ru",  "__ull2half_rz",
    "__int2bfloat16_rn", "__ll2bfloat16_rd", "__ull2bfloat16_ru"};

// Of three values a, b, c of one type (half or bfloat16): 16-bit results; the comparisons are
// one result, a bit each. Those from `first_approximate` on the GPU computes with approximate
// float instructions, and so does it half's division (bfloat16's is correctly rounded).
enum Arithmetic : int {
  add,
  sub,
  mul,
  div,
  fma,
  add_sat,
  sub_sat,
  mul_sat,
  fma_sat,
  fma_relu,
  min,
  max,
  min_nan,
  max_nan,
  comparisons,
  pair_add_low,
  pair_mul_high,
  sqrt,
  rcp,
  rsqrt,
  exp,
  exp2,
  log,
  log2,
  sin,
  cos,
  arithmetic_count,
  first_approximate = sqrt
};
inline constexpr const char* arithmetic_names[] = {
    "__hadd",     "__hsub",     "__hmul",      "__hdiv",        "__hfma",         "__hadd_sat",
    "__hsub_sat", "__hmul_sat", "__hfma_sat",  "__hfma_relu",   "__hmin",         "__hmax",
    "__hmin_nan", "__hmax_nan", "comparisons", "__hadd2 (low)", "__hmul2 (high)", "hsqrt",
    "hrcp",       "hrsqrt",     "hexp",        "hexp2",         "hlog",           "hlog2",
    "hsin",       "hcos"};

}  // namespace half_functions
