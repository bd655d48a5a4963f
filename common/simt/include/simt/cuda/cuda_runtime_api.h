#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda_runtime_api.h` in kernel files compiled for the
/// emulator: what kernel code uses from it is in the emulator's prelude (simt/kernel.hpp).
#include <simt/cuda/builtins.hpp>

/// The CUDA runtime version the emulator follows (13.0), as the real header defines it.
#define CUDART_VERSION 13000
