#pragma once
/// @file
/// @brief Stands in for CUDA's `sm_20_intrinsics.h` in kernel files compiled for the
/// emulator: what kernel code uses from it is in the emulator's prelude (simt/kernel.hpp).
#include <simt/cuda/builtins.hpp>
