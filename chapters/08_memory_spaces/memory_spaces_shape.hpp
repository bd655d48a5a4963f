#pragma once
// Sizes the kernels and the host code share (a plain header: nvcc and the emulator's
// translation both read it).

inline constexpr int kBins = 16;   // bins of each thread's private histogram (local memory)
inline constexpr int kStrip = 64;  // values each thread counts
inline constexpr int kTaps = 32;   // coefficients of the filter in constant memory
inline constexpr int kWarp = 32;   // lanes of a warp
