#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda_profiler_api.h` in whole programs built for the emulator:
/// `cudaProfilerStart()` and `cudaProfilerStop()` (declared with the rest of the runtime API),
/// which the emulator accepts and ignores, having no profiler to start.
#include <simt/runtime/cuda_runtime_api.h>
