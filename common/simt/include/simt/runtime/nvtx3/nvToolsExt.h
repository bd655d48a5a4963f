#pragma once
/// @file
/// @brief Stands in for NVTX's `nvtx3/nvToolsExt.h` in whole programs built for the emulator:
/// the annotations programs mark ranges and points with for a profiler. The emulator has no
/// profiler to show them to, so they do nothing; a range's push and pop still answer the depth
/// NVTX answers without a tool attached (-2: none is listening).

#include <cstdint>

typedef std::uint64_t nvtxRangeId_t;

inline int nvtxRangePushA(const char*) { return -2; }
inline int nvtxRangePushW(const wchar_t*) { return -2; }
inline int nvtxRangePop() { return -2; }
inline nvtxRangeId_t nvtxRangeStartA(const char*) { return 0; }
inline nvtxRangeId_t nvtxRangeStartW(const wchar_t*) { return 0; }
inline void nvtxRangeEnd(nvtxRangeId_t) {}
inline void nvtxMarkA(const char*) {}
inline void nvtxMarkW(const wchar_t*) {}
inline void nvtxNameOsThreadA(std::uint32_t, const char*) {}
