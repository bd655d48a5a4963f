#pragma once
// Exercise 04, a solution: try 1, 2, 4, ... blocks and take the first whose slices fit.
#include <cstddef>

inline unsigned cluster_size_for(int nbins, std::size_t block_bytes, unsigned max_cluster) {
  for (unsigned size = 1; size <= max_cluster; size *= 2) {
    const std::size_t slice = (static_cast<std::size_t>(nbins) + size - 1) / size;
    if (slice * sizeof(int) <= block_bytes) return size;
  }
  return 0;
}
