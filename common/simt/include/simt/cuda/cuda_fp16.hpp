#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda_fp16.hpp`, which some kernel files include directly.
#include <simt/cuda/cuda_fp16.h>
