#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda_runtime_api.h` in kernel files compiled for the
/// emulator: what kernel code uses from it is in the emulator's prelude (simt/kernel.hpp).
// The emulator's GPU threads are C++20 coroutines, and its headers are C++20 throughout: a file
// compiled as C++17 (a .cpp file of a CMake project's, CMAKE_CXX_STANDARD 17) stops here, at
// the #error, rather than at the first C++20 construct of a header it never wrote; the include
// of a header that is not there makes the compiler stop at once (an #error lets it go on).
#if __cplusplus < 202002L
#error "simt's CUDA headers need C++20: compile with -std=c++20 (CMAKE_CXX_STANDARD 20)"
#include <simt-cuda-headers-need-cxx20>
#endif
#include <simt/cuda/builtins.hpp>

/// The CUDA runtime version the emulator follows (13.0), as the real header defines it.
#define CUDART_VERSION 13000
