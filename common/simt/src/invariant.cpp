/// @file
/// @brief What a failed SIMT_INVARIANT prints before it aborts.

#include "invariant.hpp"

#include <cstdio>
#include <cstdlib>

namespace simt::detail {

void invariant_failed(const char* condition, const char* file, int line) noexcept {
  std::fprintf(stderr, "simt: internal error: invariant '%s' failed at %s:%d\n", condition, file,
               line);
  std::abort();
}

}  // namespace simt::detail
