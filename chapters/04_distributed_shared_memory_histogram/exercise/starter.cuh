#pragma once
// Exercise 04: 200,000 int bins (781 KiB) do not fit in one block's shared memory (227 KiB on
// an H100). Return the smallest cluster size, a power of two no larger than max_cluster, whose
// blocks each hold their slice of ceil(nbins / size) bins in at most block_bytes; return 0 if
// no cluster is large enough (then the histogram must use global memory).
#include <cstddef>

inline unsigned cluster_size_for(int nbins, std::size_t block_bytes, unsigned max_cluster) {
  // TODO
  static_cast<void>(nbins), static_cast<void>(block_bytes), static_cast<void>(max_cluster);
  return 1;
}
