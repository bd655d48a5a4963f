#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda_bf16.hpp`, which some kernel files include directly.
#include <simt/cuda/cuda_bf16.h>
