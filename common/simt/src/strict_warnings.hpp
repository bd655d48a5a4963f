#pragma once
/// @file
/// @brief The warnings of the strict setting already given in a launch. Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

#include <simt/detail/site.hpp>
#include "host_threads.hpp"

#include <set>

namespace simt::detail {

/// @ingroup simt
/// @brief Warnings of the strict setting already given in a launch: each place (a barrier, a
/// collective) warns once, whichever worker runs into it first.
struct StrictWarnings {
  HostMutex mutex;
  std::set<const Site*> given;
};

}  // namespace simt::detail
