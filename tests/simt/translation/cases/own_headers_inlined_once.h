#pragma once
// A header of the kernel file's own with #pragma once.
__device__ inline float Twice(float x) { return 2 * x; }
