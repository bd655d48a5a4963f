#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda_runtime.h` in kernel files compiled for the emulator:
/// everything kernel code uses from it is already in the emulator's prelude (simt/kernel.hpp).
#include <simt/cuda/cuda_runtime_api.h>
