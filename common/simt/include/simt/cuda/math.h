#pragma once
/// @file
/// @brief Stands in for the C library's `<math.h>` in code built for the emulator (kernel files
/// and whole programs): the C functions and, in the global namespace, their C++ overloads for
/// `float` and `long double`, as libstdc++'s `<math.h>` gives them, but without `std::lerp`,
/// which that header brings into the global namespace in C++20, the emulator's dialect. nvcc
/// compiles C++17, where a program may define its own `lerp(float, float, float)`, as the sample
/// collections' helper_math.h does; with `std::lerp` beside it, the two would clash.

#include <version>
#if defined(_LIBCPP_VERSION)
// LLVM's libc++ (the WebAssembly build's): its <cmath> includes <math.h> expecting its own, which
// gives the C++ overloads in the global namespace and no std::lerp there.
#include_next <math.h>
#else
#include <cmath>  // includes the C library's <math.h> (its macros, M_PI among them)

// C++98's functions.
using std::abs, std::acos, std::asin, std::atan, std::atan2, std::cos, std::sin, std::tan;
using std::cosh, std::sinh, std::tanh, std::exp, std::frexp, std::ldexp, std::log, std::log10;
using std::modf, std::pow, std::sqrt, std::ceil, std::fabs, std::floor, std::fmod;
// C99's classification and comparison.
using std::fpclassify, std::isfinite, std::isinf, std::isnan, std::isnormal, std::signbit;
using std::isgreater, std::isgreaterequal, std::isless, std::islessequal, std::islessgreater;
using std::isunordered;
// C99's functions, in C++11.
using std::acosh, std::asinh, std::atanh, std::cbrt, std::copysign, std::erf, std::erfc;
using std::exp2, std::expm1, std::fdim, std::fma, std::fmax, std::fmin, std::hypot, std::ilogb;
using std::lgamma, std::llrint, std::llround, std::log1p, std::log2, std::logb, std::lrint;
using std::lround, std::nearbyint, std::nextafter, std::nexttoward, std::remainder, std::remquo;
using std::rint, std::round, std::scalbln, std::scalbn, std::tgamma, std::trunc;

#endif  // _LIBCPP_VERSION
