#pragma once
// The one shape chapter 07's kernels and their launches share: defined here once, read by the
// kernel file (compiled by nvcc, translated for the emulator) and by the launch library's header.

inline constexpr int kTile = 2048;    // floats per tile: 8 KB of shared memory
inline constexpr int kThreads = 256;  // threads per block
