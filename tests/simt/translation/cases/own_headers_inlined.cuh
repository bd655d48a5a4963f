// The kernel file's own headers are translated in place: one with an include guard (undefined
// after it, so that another kernel file's translation in the same C++ source has it too), and
// one with #pragma once, included by both: once.
#include "own_headers_inlined_guarded.h"
#include "own_headers_inlined_once.h"
__global__ void UsesHelpers(float* data) { data[threadIdx.x] = Twice(Square(data[threadIdx.x])); }
