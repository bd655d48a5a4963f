#pragma once
/// @file
/// @brief CUDA's math functions beyond C++'s <cmath> (which kernels on the emulator use as they
/// are): `sincosf`, `sinpif`, `exp10f`, `norm3df`, `rcbrtf`, `erfinvf`, `normcdff` and their
/// double forms, and the fast `__`-intrinsics. The emulator computes them in double and rounds
/// once: within CUDA's documented error bounds, not bit for bit the GPU's.

#include <cmath>

namespace simt::detail {
/// @brief sin(pi x) with the exact zeros and signs at integers and half-integers.
inline double sin_pi(double x) {
  if (!std::isfinite(x)) return std::nan("");
  const double r = std::remainder(x, 2.0);  // exact, in [-1, 1]
  if (r == 0 || std::fabs(r) == 1) return std::copysign(0.0, x);
  return std::sin(3.14159265358979323846 * r);
}
inline double cos_pi(double x) {
  if (!std::isfinite(x)) return std::nan("");
  const double r = std::fabs(std::remainder(x, 2.0));
  if (r == 0.5) return 0.0;
  return std::cos(3.14159265358979323846 * r);
}
/// @brief The inverse of erf, by Newton's method from a rational first guess.
inline double erf_inverse(double y) {
  if (!(y > -1 && y < 1)) return y == 1 ? HUGE_VAL : (y == -1 ? -HUGE_VAL : std::nan(""));
  const double w = -std::log((1.0 - y) * (1.0 + y));
  double x = y * (w < 5 ? 1.0 + w * (0.1 + w * 0.01) : std::sqrt(w) * 0.6);
  for (int i = 0; i < 60; ++i) {
    const double step = (std::erf(x) - y) / (1.1283791670955126 * std::exp(-x * x));
    x -= step;
    if (std::fabs(step) <= 1e-17 * std::fabs(x)) break;
  }
  return x;
}
/// @brief The inverse of erfc.
inline double erfc_inverse(double y) {
  if (y <= 0) return y == 0 ? HUGE_VAL : std::nan("");
  if (y >= 2) return y == 2 ? -HUGE_VAL : std::nan("");
  if (y > 0.0625 && y < 1.9375) return erf_inverse(1.0 - y);
  // Far in the tails, 1 - y loses the digits: Newton's method on erfc itself.
  double x = y < 1 ? std::sqrt(-std::log(y)) : -std::sqrt(-std::log(2.0 - y));
  for (int i = 0; i < 80; ++i) {
    const double step = (std::erfc(x) - y) / (-1.1283791670955126 * std::exp(-x * x));
    x -= step;
    if (std::fabs(step) <= 1e-17 * std::fabs(x)) break;
  }
  return x;
}
}  // namespace simt::detail

inline void sincosf(float x, float* s, float* c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
inline void sincos(double x, double* s, double* c) {
  *s = std::sin(x);
  *c = std::cos(x);
}
inline float sinpif(float x) { return static_cast<float>(simt::detail::sin_pi(x)); }
inline float cospif(float x) { return static_cast<float>(simt::detail::cos_pi(x)); }
inline double sinpi(double x) { return simt::detail::sin_pi(x); }
inline double cospi(double x) { return simt::detail::cos_pi(x); }
inline void sincospif(float x, float* s, float* c) {
  *s = sinpif(x);
  *c = cospif(x);
}
inline void sincospi(double x, double* s, double* c) {
  *s = sinpi(x);
  *c = cospi(x);
}
inline float exp10f(float x) { return static_cast<float>(std::pow(10.0, x)); }
inline double exp10(double x) { return std::pow(10.0, x); }
inline float rcbrtf(float x) { return static_cast<float>(1.0 / std::cbrt(x)); }
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }
inline float rhypotf(float x, float y) { return static_cast<float>(1.0 / std::hypot(x, y)); }
inline double rhypot(double x, double y) { return 1.0 / std::hypot(x, y); }
inline float norm3df(float a, float b, float c) {
  return static_cast<float>(std::sqrt(static_cast<double>(a) * a + static_cast<double>(b) * b +
                                      static_cast<double>(c) * c));
}
inline float rnorm3df(float a, float b, float c) { return 1.0f / norm3df(a, b, c); }
inline float norm4df(float a, float b, float c, float d) {
  return static_cast<float>(std::sqrt(static_cast<double>(a) * a + static_cast<double>(b) * b +
                                      static_cast<double>(c) * c + static_cast<double>(d) * d));
}
inline float rnorm4df(float a, float b, float c, float d) { return 1.0f / norm4df(a, b, c, d); }
inline double norm3d(double a, double b, double c) { return std::sqrt(a * a + b * b + c * c); }
inline double rnorm3d(double a, double b, double c) { return 1.0 / norm3d(a, b, c); }
inline float normf(int n, const float* a) {
  double sum = 0;
  for (int i = 0; i < n; ++i) sum += static_cast<double>(a[i]) * a[i];
  return static_cast<float>(std::sqrt(sum));
}
inline float rnormf(int n, const float* a) { return 1.0f / normf(n, a); }
inline float erfinvf(float y) { return static_cast<float>(simt::detail::erf_inverse(y)); }
inline double erfinv(double y) { return simt::detail::erf_inverse(y); }
inline float erfcinvf(float y) { return static_cast<float>(simt::detail::erfc_inverse(y)); }
inline double erfcinv(double y) { return simt::detail::erfc_inverse(y); }
inline float normcdff(float x) {
  return static_cast<float>(0.5 * std::erfc(-static_cast<double>(x) / 1.4142135623730951));
}
inline double normcdf(double x) { return 0.5 * std::erfc(-x / 1.4142135623730951); }
inline float normcdfinvf(float p) {
  return static_cast<float>(-1.4142135623730951 * simt::detail::erfc_inverse(2.0 * p));
}
inline double normcdfinv(double p) {
  return -1.4142135623730951 * simt::detail::erfc_inverse(2.0 * p);
}
inline float fdividef(float a, float b) { return a / b; }
/// @brief The fast intrinsics, at full precision here.
inline void __sincosf(float x, float* s, float* c) { sincosf(x, s, c); }
inline float __tanf(float x) { return std::tan(x); }
inline float __exp10f(float x) { return exp10f(x); }
inline float __log2f(float x) { return std::log2(x); }
inline float __log10f(float x) { return std::log10(x); }
inline float __frsqrt_rn(float x) {
  return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x)));
}
