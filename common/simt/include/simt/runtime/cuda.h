#pragma once
/// @file
/// @brief Stands in for CUDA's `cuda.h` in whole programs built for the emulator: what programs
/// of the runtime API take from it (`CUDA_VERSION`, the stream and event handle types). The
/// driver API's functions are not emulated: a program that calls one does not compile.
#include <simt/runtime/driver_types.h>

/// The CUDA version the emulator follows (13.0).
#define CUDA_VERSION 13000
#define __cuda_cuda_h__

typedef cudaStream_t CUstream;
typedef cudaEvent_t CUevent;
