#pragma once
// A macro that differs between nvcc's two passes (by __CUDA_ARCH__), whose host branch includes
// a header of its own, as code shared by both passes writes it: the device pass never reads that
// #include, and the host pass reads the header once, however many files include it.
#if defined(__CUDA_ARCH__)
#define COMPILED_FOR "the device"
#else
#include "host_name.h"
#define COMPILED_FOR host_name()
#endif
