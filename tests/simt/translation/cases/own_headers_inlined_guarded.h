#ifndef OWN_HEADERS_INLINED_GUARDED_H
#define OWN_HEADERS_INLINED_GUARDED_H
// A header of the kernel file's own with an include guard; it includes the other one too.
#include "own_headers_inlined_once.h"
__device__ inline float Square(float x) { return x * x; }
#endif
