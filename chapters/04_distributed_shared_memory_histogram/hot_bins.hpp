#pragma once
// The hot-bin cache's shape, shared by the kernel file (compiled by nvcc, translated for the
// emulator) and by the launch library's header: the kernel argument that names the bins to cache.

// Slots of each block's cache: a direct-mapped table in shared memory, where a bin can only live
// in the one slot its hash names (HotSlot in the kernel file).
inline constexpr int kHotSlotBits = 10;
inline constexpr int kHotSlots = 1 << kHotSlotBits;

// At most this many bins are cached: a sample calls a bin hot when it holds at least 1/512 of
// the sampled values (inputs.hpp), so a few hundred at most, and usually a handful.
inline constexpr int kMaxHotBins = 256;

// The bins to cache, most frequent first. Passed by value: kernel
// parameters live in constant memory, which serves a read of the same word by every thread of a
// warp at once.
struct HotBins {
  int count = 0;
  int bins[kMaxHotBins] = {};
};
