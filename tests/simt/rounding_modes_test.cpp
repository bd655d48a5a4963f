// Float and double arithmetic with a rounding mode (`__dadd_rd`, `__fsqrt_ru`, ...; their
// definitions are in simt/cuda/conversion_intrinsics.hpp), checked against the host's own
// floating-point unit switched to each mode (IEEE 754 rounding, as the GPU's), on operands of
// every magnitude: subnormal results, cancellation, overflow, zeros and infinities.
#include "../catch.hpp"

#include <simt/launch.hpp>

#include <algorithm>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "simt_kernels.emulated.hpp"

namespace {

const int modes[3] = {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
const char* const operations[6] = {"add", "sub", "mul", "div", "rcp", "sqrt"};
const char* const mode_names[3] = {"rd", "ru", "rz"};

// The six operations of RoundedFloats and RoundedDoubles, by the host in `mode` (this file is
// compiled with -frounding-math, and the operands are volatile, so nothing is folded or moved
// out of the mode).
template <class T>
T host_in_mode(int op, int mode, T a, T b) {
  volatile T x = a, y = b;
  std::fesetround(mode);
  T r = 0;
  switch (op) {
    case 0: r = x + y; break;
    case 1: r = x - y; break;
    case 2: r = x * y; break;
    case 3: r = x / y; break;
    case 4: r = T(1) / x; break;
    default: r = std::sqrt(static_cast<T>(x)); break;
  }
  volatile T result = r;
  std::fesetround(FE_TONEAREST);
  return result;
}

// Operands of every magnitude as bit patterns: random exponents (subnormals included), half of
// the second operands within a few binades of the first (cancellation, results near the
// operands' precision), and every pair of a list of special values.
template <class T, class Bits>
void operands(std::size_t n, std::vector<T>& a, std::vector<T>& b) {
  constexpr int mantissa = std::numeric_limits<T>::digits - 1;
  constexpr Bits exponents = Bits{1} << (sizeof(T) * 8 - 1 - mantissa);
  std::mt19937_64 random(42);
  const auto pattern = [&](Bits exponent) {
    const Bits sign = static_cast<Bits>(random() & 1) << (sizeof(T) * 8 - 1);
    const Bits fraction = static_cast<Bits>(random()) & ((Bits{1} << mantissa) - 1);
    return std::bit_cast<T>(sign | exponent << mantissa | fraction);
  };
  for (std::size_t i = 0; i < n; ++i) {
    const Bits ea = static_cast<Bits>(random() % (exponents - 1));  // no infinities or NaNs
    a.push_back(pattern(ea));
    Bits eb = static_cast<Bits>(random() % (exponents - 1));
    if (i % 2 == 0) {
      const auto near = static_cast<long long>(ea) + static_cast<long long>(random() % 9) - 4;
      eb = static_cast<Bits>(std::clamp<long long>(near, 0, exponents - 2));
    }
    b.push_back(pattern(eb));
  }
  const T special[] = {T(0),
                       -T(0),
                       T(1),
                       T(-1),
                       T(3),
                       std::numeric_limits<T>::max(),
                       -std::numeric_limits<T>::max(),
                       std::numeric_limits<T>::min(),
                       std::numeric_limits<T>::denorm_min(),
                       -std::numeric_limits<T>::denorm_min(),
                       std::numeric_limits<T>::infinity(),
                       -std::numeric_limits<T>::infinity(),
                       std::numeric_limits<T>::quiet_NaN()};
  for (const T x : special)
    for (const T y : special) {
      a.push_back(x);
      b.push_back(y);
    }
}

template <class T, class Bits>
void check_against_host(const std::vector<T>& a, const std::vector<T>& b,
                        const std::vector<T>& out) {
  std::size_t mismatches[6][3] = {};
  std::string first[6][3];
  for (std::size_t i = 0; i < a.size(); ++i)
    for (int op = 0; op < 6; ++op)
      for (int m = 0; m < 3; ++m) {
        const T want = host_in_mode(op, modes[m], a[i], b[i]);
        const T got = out[18 * i + static_cast<std::size_t>(3 * op + m)];
        if (std::isnan(want) && std::isnan(got)) continue;
        if (std::bit_cast<Bits>(want) == std::bit_cast<Bits>(got)) continue;
        if (mismatches[op][m]++ == 0) {
          std::ostringstream text;
          text.precision(std::numeric_limits<T>::max_digits10);
          text << " (first: a = " << a[i] << ", b = " << b[i] << ": got " << got << ", want "
               << want << ")";
          first[op][m] = text.str();
        }
      }
  for (int op = 0; op < 6; ++op)
    for (int m = 0; m < 3; ++m) {
      INFO(operations[op] << "_" << mode_names[m] << first[op][m]);
      CHECK(mismatches[op][m] == 0);
    }
}

}  // namespace

TEST_CASE("Double arithmetic in each rounding mode matches the host's in that mode", "[rounding]") {
  std::vector<double> a, b;
  operands<double, std::uint64_t>(100000, a, b);
  std::vector<double> out(18 * a.size(), -1.0);
  const auto n = static_cast<int>(a.size());
  simt::launch(static_cast<unsigned>((a.size() + 255) / 256), 256u, emulated::RoundedDoubles,
               a.data(), b.data(), out.data(), n);
  check_against_host<double, std::uint64_t>(a, b, out);
}

TEST_CASE("Float arithmetic in each rounding mode matches the host's in that mode", "[rounding]") {
  std::vector<float> a, b;
  operands<float, std::uint32_t>(100000, a, b);
  std::vector<float> out(18 * a.size(), -1.0f);
  const auto n = static_cast<int>(a.size());
  simt::launch(static_cast<unsigned>((a.size() + 255) / 256), 256u, emulated::RoundedFloats,
               a.data(), b.data(), out.data(), n);
  check_against_host<float, std::uint32_t>(a, b, out);
}
