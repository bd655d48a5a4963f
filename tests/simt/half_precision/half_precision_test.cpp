// Half and bfloat16 on the backend under test: every conversion of all 65,536 bit patterns, of
// floats around every rounding boundary and of integers, and arithmetic on random operands,
// checked against CPU references written independently of the emulator (GCC's _Float16, and
// searches of the sorted table of every value for the rounding modes). On a machine with a GPU,
// the GPU's results are also compared with the emulator's, bit for bit.
#include "half_precision.hpp"

#include "half_functions.hpp"

#include "../../backend_under_test.hpp"
#include "../../catch.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using half_precision::Type;
using test::backend_under_test;
namespace hf = half_functions;

enum class Mode { rn, rz, rd, ru };

/// Every finite non-negative value of a 16-bit format, in order, with its bits: the reference
/// rounds by finding the two values around a number.
struct Table {
  std::vector<long double> values;
  std::vector<std::uint16_t> bits;
  std::uint16_t infinity = 0;

  /// `x` rounded to the format in `mode`, by search.
  [[nodiscard]] std::uint16_t round(long double x, Mode mode) const {
    if (std::isnan(x)) return 0x7fff;
    if (std::isinf(x)) return static_cast<std::uint16_t>((std::signbit(x) ? 0x8000 : 0) | infinity);
    const bool negative = std::signbit(x);
    const std::uint16_t sign = negative ? 0x8000 : 0;
    const long double a = std::fabs(x);
    // Toward or away from zero, for the magnitude.
    const bool up = mode == Mode::ru ? !negative : (mode == Mode::rd ? negative : false);
    const auto above = std::lower_bound(values.begin(), values.end(), a);
    if (above == values.end()) {  // beyond the largest finite value
      const long double largest = values.back();
      const long double ulp = largest - values[values.size() - 2];
      const bool infinite = mode == Mode::rn ? a >= largest + ulp / 2 : up;
      return static_cast<std::uint16_t>(sign | (infinite ? infinity : bits.back()));
    }
    const auto i = static_cast<std::size_t>(above - values.begin());
    if (*above == a) return static_cast<std::uint16_t>(sign | bits[i]);
    const std::size_t below = i - 1;
    std::size_t pick = below;
    if (mode == Mode::rn) {
      const long double to_below = a - values[below], to_above = values[i] - a;
      pick = to_below < to_above ? below
                                 : (to_above < to_below ? i : (bits[below] % 2 == 0 ? below : i));
    } else if (up) {
      pick = i;
    }
    return static_cast<std::uint16_t>(sign | bits[pick]);
  }
};

/// The value of half bits, by GCC's _Float16 (independent of the emulator's decoding).
long double half_value(std::uint16_t bits) {
  return static_cast<long double>(static_cast<float>(std::bit_cast<_Float16>(bits)));
}
/// The value of bfloat16 bits: the top half of a float.
long double bf16_value(std::uint16_t bits) {
  return static_cast<long double>(std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16));
}
Table table_of(long double (*value)(std::uint16_t), std::uint16_t infinity) {
  Table t;
  t.infinity = infinity;
  for (unsigned b = 0; b < infinity; ++b) {
    t.values.push_back(value(static_cast<std::uint16_t>(b)));
    t.bits.push_back(static_cast<std::uint16_t>(b));
  }
  return t;
}
const Table& half_table() {
  static const Table t = table_of(half_value, 0x7c00);
  return t;
}
const Table& bf16_table() {
  static const Table t = table_of(bf16_value, 0x7f80);
  return t;
}

/// The integer a value converts to in `mode`: saturated, NaN to `nan`.
template <class I>
unsigned long long to_integer(long double x, Mode mode, I nan) {
  if (std::isnan(x)) return static_cast<unsigned long long>(static_cast<I>(nan));
  long double r = mode == Mode::rz   ? std::trunc(x)
                  : mode == Mode::rd ? std::floor(x)
                  : mode == Mode::ru ? std::ceil(x)
                                     : std::nearbyint(x);
  r = std::clamp(r, static_cast<long double>(std::numeric_limits<I>::lowest()),
                 static_cast<long double>(std::numeric_limits<I>::max()));
  return static_cast<unsigned long long>(static_cast<I>(r));
}
/// An int result as the kernels store it: its 32 bits.
unsigned long long widened(int v) { return static_cast<unsigned>(v); }
unsigned long long low32(unsigned long long v) { return v & 0xffffffffu; }

std::vector<unsigned short> all_patterns() {
  std::vector<unsigned short> bits(65536);
  for (unsigned b = 0; b < 65536; ++b) bits[b] = static_cast<unsigned short>(b);
  return bits;
}

/// Floats that test every rounding decision: every value of both formats, the midpoints between
/// neighbours (ties) and the floats next to them, and random floats.
std::vector<float> boundary_floats(std::size_t random_count) {
  std::vector<float> values;
  for (const Table* t : {&half_table(), &bf16_table()}) {
    for (std::size_t i = 0; i + 1 < t->values.size(); ++i) {
      const auto here = static_cast<float>(t->values[i]);
      const auto middle = static_cast<float>((t->values[i] + t->values[i + 1]) / 2);
      for (const float v : {here, middle, std::nextafter(middle, 0.0f),
                            std::nextafter(middle, std::numeric_limits<float>::infinity())}) {
        values.push_back(v);
        values.push_back(-v);
      }
    }
  }
  std::mt19937 random(2026);
  for (std::size_t i = 0; i < random_count; ++i)
    values.push_back(std::bit_cast<float>(static_cast<std::uint32_t>(random())));
  for (const float v : {65504.0f, 65519.99f, 65520.0f, 65536.0f, 1e30f, 3.4e38f,
                        std::numeric_limits<float>::infinity(),
                        std::numeric_limits<float>::denorm_min(), 1e-8f, 2.98e-8f, 5.9e-8f}) {
    values.push_back(v);
    values.push_back(-v);
  }
  values.push_back(std::numeric_limits<float>::quiet_NaN());
  return values;
}

std::vector<long long> boundary_integers() {
  std::vector<long long> values;
  for (long long v = -70000; v <= 70000; ++v) values.push_back(v);
  for (int k = 16; k < 63; ++k)
    for (long long d = -3; d <= 3; ++d) {
      values.push_back((1ll << k) + d);
      values.push_back(-(1ll << k) + d);
    }
  values.push_back(std::numeric_limits<long long>::max());
  values.push_back(std::numeric_limits<long long>::min());
  values.push_back(-1);
  return values;
}

/// Random 16-bit patterns; `near` of them close in magnitude to the others (so that sums round).
std::vector<unsigned short> random_patterns(std::size_t n, unsigned seed,
                                            const std::vector<unsigned short>* near = nullptr) {
  std::mt19937 random(seed);
  std::vector<unsigned short> bits(n);
  for (std::size_t i = 0; i < n; ++i) {
    auto b = static_cast<unsigned short>(random());
    if (near != nullptr && i % 2 == 0)
      b = static_cast<unsigned short>(((*near)[i] & 0xfc00u) ^ (random() & 0x83ffu));
    bits[i] = b;
  }
  return bits;
}

/// a * b + c for halves, exactly (in units of 2^-48, as integers), then rounded by search.
std::uint16_t half_fma_reference(std::uint16_t a, std::uint16_t b, std::uint16_t c) {
  const long double x = half_value(a), y = half_value(b), z = half_value(c);
  if (!std::isfinite(x) || !std::isfinite(y) || !std::isfinite(z)) {
    const long double r = x * y + z;
    return half_table().round(r, Mode::rn);
  }
  const auto units = [](long double v) { return static_cast<__int128>(std::ldexp(v, 24)); };
  const __int128 exact = units(x) * units(y) + units(z) * (static_cast<__int128>(1) << 24);
  if (exact == 0) {  // the sign of a zero sum, as IEEE 754 gives it
    const bool negative = std::signbit(x * y) && std::signbit(z);
    return negative ? 0x8000 : 0;
  }
  const __int128 magnitude = exact < 0 ? -exact : exact;
  const Table& t = half_table();
  const auto scaled = [&](std::size_t i) { return units(t.values[i]) << 24; };
  std::size_t lo = 0, hi = t.values.size();
  while (hi - lo > 1) {  // the last value <= magnitude
    const std::size_t mid = (lo + hi) / 2;
    (scaled(mid) <= magnitude ? lo : hi) = mid;
  }
  const std::uint16_t sign = exact < 0 ? std::uint16_t{0x8000} : std::uint16_t{0};
  if (scaled(lo) == magnitude) return static_cast<std::uint16_t>(sign | t.bits[lo]);
  if (lo + 1 == t.values.size()) {  // past the largest: to infinity from half an ulp beyond
    const __int128 half_ulp = (scaled(lo) - scaled(lo - 1)) / 2;
    return static_cast<std::uint16_t>(
        sign | (magnitude >= scaled(lo) + half_ulp ? t.infinity : t.bits[lo]));
  }
  const __int128 below = magnitude - scaled(lo), above = scaled(lo + 1) - magnitude;
  const std::size_t pick =
      below < above ? lo : (above < below ? lo + 1 : (t.bits[lo] % 2 == 0 ? lo : lo + 1));
  return static_cast<std::uint16_t>(sign | t.bits[pick]);
}

bool is_nan_half(std::uint16_t b) { return (b & 0x7c00) == 0x7c00 && (b & 0x3ff) != 0; }

/// Mismatches of one column, with the first few for the message.
struct Column {
  std::size_t mismatches = 0;
  std::string first;
  void note(std::size_t i, unsigned long long got, unsigned long long want) {
    if (mismatches++ < 3)
      first += " [" + std::to_string(i) + "] got 0x" + hex(got) + " want 0x" + hex(want);
  }
  static std::string hex(unsigned long long v) {
    char text[24];
    std::snprintf(text, sizeof text, "%llx", v);
    return text;
  }
};

}  // namespace

TEST_CASE(
    "Every half and bfloat16 bit pattern converts to float and integers as the references "
    "say",
    "[half]") {
  const auto bits = all_patterns();
  const auto out = half_precision::unary_of_bits(backend_under_test, bits);
  REQUIRE(out.size() == bits.size() * hf::unary_count);
  std::vector<Column> columns(hf::unary_count);
  for (std::size_t i = 0; i < bits.size(); ++i) {
    const auto b = static_cast<std::uint16_t>(bits[i]);
    const long double h = half_value(b), f = bf16_value(b);
    unsigned long long want[hf::unary_count] = {};
    // A half NaN widens to the canonical float NaN, and __hneg of a NaN is the canonical NaN
    // (cvt.f32.f16, neg.f16 and neg.bf16 as an H100 runs them).
    want[hf::half_to_float_bits] =
        is_nan_half(b) ? 0x7fffffffu : std::bit_cast<std::uint32_t>(static_cast<float>(h));
    want[hf::half_to_int_rn] = low32(to_integer<int>(h, Mode::rn, 0));
    want[hf::half_to_int_rz] = low32(to_integer<int>(h, Mode::rz, 0));
    want[hf::half_to_int_rd] = low32(to_integer<int>(h, Mode::rd, 0));
    want[hf::half_to_int_ru] = low32(to_integer<int>(h, Mode::ru, 0));
    want[hf::half_to_uint_rn] = to_integer<unsigned>(h, Mode::rn, 0u);
    want[hf::half_to_short_rz] = to_integer<short>(h, Mode::rz, 0) & 0xffffu;
    want[hf::half_to_ushort_ru] = to_integer<unsigned short>(h, Mode::ru, 0);
    want[hf::half_to_ll_rd] =
        to_integer<long long>(h, Mode::rd, std::numeric_limits<long long>::min());
    want[hf::half_to_ull_rz] = to_integer<unsigned long long>(h, Mode::rz, 1ull << 63);
    want[hf::half_to_char_rz] = to_integer<signed char>(h, Mode::rz, 0) & 0xffu;
    want[hf::half_to_uchar_rz] = to_integer<unsigned char>(h, Mode::rz, 0);
    want[hf::half_abs] = is_nan_half(b) ? 0x7fffu : (b & 0x7fffu);
    want[hf::half_neg] = is_nan_half(b) ? 0x7fffu : b ^ 0x8000u;
    want[hf::half_rint] = half_table().round(std::nearbyint(h), Mode::rn);
    want[hf::half_floor] = half_table().round(std::floor(h), Mode::rn);
    want[hf::half_ceil] = half_table().round(std::ceil(h), Mode::rn);
    want[hf::half_trunc] = half_table().round(std::trunc(h), Mode::rn);
    want[hf::half_is_nan] = std::isnan(h) ? 1 : 0;
    want[hf::half_is_inf] = widened(std::isinf(h) ? (h < 0 ? -1 : 1) : 0);
    want[hf::bf16_to_float_bits] = static_cast<std::uint32_t>(b) << 16;
    want[hf::bf16_to_int_rn] = low32(to_integer<int>(f, Mode::rn, 0));
    want[hf::bf16_to_ll_rz] =
        to_integer<long long>(f, Mode::rz, std::numeric_limits<long long>::min());
    const bool bf16_nan = (b & 0x7f80) == 0x7f80 && (b & 0x7f) != 0;
    want[hf::bf16_abs] = bf16_nan ? 0x7fffu : (b & 0x7fffu);
    want[hf::bf16_neg] = bf16_nan ? 0x7fffu : b ^ 0x8000u;
    want[hf::bf16_rint] = bf16_table().round(std::nearbyint(f), Mode::rn);
    for (int k = 0; k < hf::unary_count; ++k) {
      unsigned long long got = out[i * hf::unary_count + static_cast<std::size_t>(k)];
      unsigned long long expected = want[k];
      const bool nan_result =
          k == hf::half_rint || k == hf::half_floor || k == hf::half_ceil || k == hf::half_trunc
              ? std::isnan(h)
          : k == hf::bf16_rint ? std::isnan(f)
                               : false;
      if (nan_result) got = expected = std::isnan(h) || std::isnan(f);  // any NaN
      if (got != expected) columns[static_cast<std::size_t>(k)].note(i, got, expected);
    }
  }
  for (int k = 0; k < hf::unary_count; ++k) {
    INFO(hf::unary_names[k] << columns[static_cast<std::size_t>(k)].first);
    CHECK(columns[static_cast<std::size_t>(k)].mismatches == 0);
  }
}

TEST_CASE("Floats round to half and bfloat16 in every mode as a search of all their values says",
          "[half]") {
  const auto values = boundary_floats(1u << 16);
  const auto out = half_precision::from_floats(backend_under_test, values);
  REQUIRE(out.size() == values.size() * hf::from_float_count);
  const Mode modes[] = {Mode::rn, Mode::rz, Mode::rd, Mode::ru};
  std::vector<Column> columns(hf::from_float_count);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const long double v = values[i];
    const long double d =
        static_cast<long double>(static_cast<double>(values[i]) * (1.0 + 0x1p-30));
    unsigned long long want[hf::from_float_count] = {};
    for (int m = 0; m < 4; ++m) {
      want[hf::float_to_half_rn + m] = half_table().round(v, modes[m]);
      want[hf::float_to_bf16_rn + m] = bf16_table().round(v, modes[m]);
    }
    want[hf::double_to_half] = half_table().round(d, Mode::rn);
    want[hf::double_to_bf16] = bf16_table().round(d, Mode::rn);
    if (std::isnan(d)) {  // cvt.rn.f16.f64 keeps the sign and the payload's top, made quiet
      const auto bits = std::bit_cast<std::uint64_t>(static_cast<double>(d));
      const auto sign = static_cast<unsigned>(bits >> 48) & 0x8000u;
      want[hf::double_to_half] = sign | 0x7e00u | ((bits >> 42) & 0x3ffu);
      want[hf::double_to_bf16] = sign | 0x7fc0u | ((bits >> 45) & 0x7fu);
    }
    for (int k = 0; k < hf::from_float_count; ++k) {
      const unsigned long long got = out[i * hf::from_float_count + static_cast<std::size_t>(k)];
      if (got != want[k]) columns[static_cast<std::size_t>(k)].note(i, got, want[k]);
    }
  }
  for (int k = 0; k < hf::from_float_count; ++k) {
    INFO(hf::from_float_names[k] << columns[static_cast<std::size_t>(k)].first);
    CHECK(columns[static_cast<std::size_t>(k)].mismatches == 0);
  }
}

TEST_CASE("Integers round to half and bfloat16 in every mode as a search of all their values says",
          "[half]") {
  const auto values = boundary_integers();
  const auto out = half_precision::from_integers(backend_under_test, values);
  REQUIRE(out.size() == values.size() * hf::from_integer_count);
  std::vector<Column> columns(hf::from_integer_count);
  for (std::size_t i = 0; i < values.size(); ++i) {
    const long long v = values[i];
    const auto as_int = static_cast<long double>(static_cast<int>(v));
    const auto as_ull = static_cast<long double>(static_cast<unsigned long long>(v));
    const auto exact = static_cast<long double>(v);
    const Table& h = half_table();
    const unsigned long long want[hf::from_integer_count] = {
        h.round(as_int, Mode::rn),
        h.round(as_int, Mode::rz),
        h.round(as_int, Mode::rd),
        h.round(as_int, Mode::ru),
        h.round(static_cast<long double>(static_cast<unsigned>(v)), Mode::rn),
        h.round(static_cast<long double>(static_cast<short>(v)), Mode::rn),
        h.round(static_cast<long double>(static_cast<unsigned short>(v)), Mode::rd),
        h.round(exact, Mode::rn),
        h.round(exact, Mode::ru),
        h.round(as_ull, Mode::rz),
        bf16_table().round(as_int, Mode::rn),
        bf16_table().round(exact, Mode::rd),
        bf16_table().round(as_ull, Mode::ru)};
    for (int k = 0; k < hf::from_integer_count; ++k) {
      const unsigned long long got = out[i * hf::from_integer_count + static_cast<std::size_t>(k)];
      if (got != want[k]) columns[static_cast<std::size_t>(k)].note(i, got, want[k]);
    }
  }
  for (int k = 0; k < hf::from_integer_count; ++k) {
    INFO(hf::from_integer_names[k] << columns[static_cast<std::size_t>(k)].first);
    CHECK(columns[static_cast<std::size_t>(k)].mismatches == 0);
  }
}

TEST_CASE("Half arithmetic is correctly rounded and compares as IEEE 754 says", "[half]") {
  const std::size_t n = 1u << 16;
  const auto a = random_patterns(n, 1);
  const auto b = random_patterns(n, 2, &a);
  const auto c = random_patterns(n, 3, &a);
  const auto out = half_precision::arithmetic(backend_under_test, Type::half, a, b, c);
  REQUIRE(out.size() == n * hf::arithmetic_count);
  const int checked[] = {hf::add, hf::sub, hf::mul, hf::fma, hf::pair_add_low, hf::comparisons};
  std::vector<Column> columns(hf::arithmetic_count);
  for (std::size_t i = 0; i < n; ++i) {
    const long double x = half_value(a[i]), y = half_value(b[i]);
    const bool unordered = std::isnan(x) || std::isnan(y);
    unsigned long long want[hf::arithmetic_count] = {};
    // Sums and products of two halves are exact in long double: one rounding, by search.
    want[hf::add] = half_table().round(x + y, Mode::rn);
    want[hf::sub] = half_table().round(x - y, Mode::rn);
    want[hf::mul] = half_table().round(x * y, Mode::rn);
    want[hf::fma] = half_fma_reference(a[i], b[i], c[i]);
    want[hf::pair_add_low] = half_table().round(x + half_value(c[i]), Mode::rn);
    const bool ordered[] = {x == y, !unordered && x != y, x<y, x <= y, x> y, x >= y};
    unsigned bits = 0;
    for (int k = 0; k < 6; ++k) {
      // The masks are computed apart from the array read: g++ 12 with -fsanitize=shift,bounds
      // (the sanitize preset) miscompiles `(ordered[k] ? 1u : 0u) << k` and drops the bits.
      const unsigned ordered_bit = 1u << k, unordered_bit = 1u << (k + 6);
      if (ordered[k]) bits |= ordered_bit;
      if (unordered || (k == 1 ? x != y : ordered[k])) bits |= unordered_bit;
    }
    bits |= (x == y ? 1u : 0u) << 12 | (x < y ? 1u : 0u) << 13 | (!(x == y) ? 1u : 0u) << 14;
    want[hf::comparisons] = bits;
    for (const int k : checked) {
      unsigned long long got = out[i * hf::arithmetic_count + static_cast<std::size_t>(k)];
      unsigned long long expected = want[k];
      if (k != hf::comparisons && is_nan_half(static_cast<std::uint16_t>(expected)))
        expected = got = is_nan_half(static_cast<std::uint16_t>(got));  // any NaN
      if (got != expected) columns[static_cast<std::size_t>(k)].note(i, got, expected);
    }
  }
  for (const int k : checked) {
    INFO(hf::arithmetic_names[k] << columns[static_cast<std::size_t>(k)].first);
    CHECK(columns[static_cast<std::size_t>(k)].mismatches == 0);
  }
}

#if TUTORIAL_TEST_ON_DEVICE
TEST_CASE("On the GPU, half and bfloat16 arithmetic matches the emulator's bit for bit", "[half]") {
  const std::size_t n = 1u << 20;
  const auto type = GENERATE(Type::half, Type::bfloat16);
  const auto a = random_patterns(n, 11);
  const auto b = random_patterns(n, 12, &a);
  const auto c = random_patterns(n, 13, &a);
  const auto gpu = half_precision::arithmetic(tutorial::Backend::device, type, a, b, c);
  const auto emulator = half_precision::arithmetic(tutorial::Backend::emulator, type, a, b, c);
  REQUIRE(gpu.size() == emulator.size());
  std::vector<Column> differ(hf::arithmetic_count), beyond_one_ulp(hf::arithmetic_count);
  for (std::size_t i = 0; i < gpu.size(); ++i) {
    const auto k = static_cast<int>(i % hf::arithmetic_count);
    if (gpu[i] == emulator[i]) continue;
    differ[static_cast<std::size_t>(k)].note(i / hf::arithmetic_count, gpu[i], emulator[i]);
    const bool same_sign = ((gpu[i] ^ emulator[i]) & 0x8000u) == 0;
    const int distance = std::abs(static_cast<int>(gpu[i]) - static_cast<int>(emulator[i]));
    if (!same_sign || distance > 1)
      beyond_one_ulp[static_cast<std::size_t>(k)].note(i / hf::arithmetic_count, gpu[i],
                                                       emulator[i]);
  }
  const char* name = type == Type::half ? "half" : "bfloat16";
  std::string summary;
  for (int k = 0; k < hf::arithmetic_count; ++k) {
    const auto& d = differ[static_cast<std::size_t>(k)];
    summary += std::string(" ") + hf::arithmetic_names[k] + "=" + std::to_string(d.mismatches);
    const bool approximate = k >= hf::first_approximate || (k == hf::div && type == Type::half);
    INFO(name << " " << hf::arithmetic_names[k] << ": GPU vs emulator" << d.first);
    if (approximate)
      CHECK(beyond_one_ulp[static_cast<std::size_t>(k)].mismatches == 0);
    else
      CHECK(d.mismatches == 0);
  }
  WARN(name << ", " << n
            << " operand triples, results that differ from the emulator's:" << summary);
}

namespace {
/// GPU and emulator results of one kernel whose outputs are `count` columns per input, compared
/// column by column: each column's mismatches (none allowed) and the first few, by name.
template <class T>
void check_columns_match(const std::vector<T>& gpu, const std::vector<T>& emulator, int count,
                         const char* const* names, const char* what) {
  REQUIRE(gpu.size() == emulator.size());
  std::vector<Column> differ(static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < gpu.size(); ++i)
    if (gpu[i] != emulator[i])
      differ[i % static_cast<std::size_t>(count)].note(i / static_cast<std::size_t>(count), gpu[i],
                                                       emulator[i]);
  std::size_t total = 0;
  for (int k = 0; k < count; ++k) {
    const auto& d = differ[static_cast<std::size_t>(k)];
    total += d.mismatches;
    INFO(what << " " << names[k] << ": GPU (got) vs emulator (want)" << d.first);
    CHECK(d.mismatches == 0);
  }
  WARN(what << ": " << gpu.size() / static_cast<std::size_t>(count) << " inputs x " << count
            << " conversions, results that differ from the emulator's: " << total);
}
}  // namespace

TEST_CASE("On the GPU, every conversion matches the emulator's bit for bit", "[half]") {
  using tutorial::Backend;
  const auto bits = all_patterns();
  check_columns_match(half_precision::unary_of_bits(Backend::device, bits),
                      half_precision::unary_of_bits(Backend::emulator, bits), hf::unary_count,
                      hf::unary_names, "every 16-bit pattern");
  const auto floats = boundary_floats(1u << 20);
  check_columns_match(half_precision::from_floats(Backend::device, floats),
                      half_precision::from_floats(Backend::emulator, floats), hf::from_float_count,
                      hf::from_float_names, "floats at rounding boundaries");
  const auto integers = boundary_integers();
  check_columns_match(half_precision::from_integers(Backend::device, integers),
                      half_precision::from_integers(Backend::emulator, integers),
                      hf::from_integer_count, hf::from_integer_names, "integers");
}
#endif
