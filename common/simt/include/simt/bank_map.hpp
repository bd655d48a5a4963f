#pragma once
/// @file
/// @brief Why a line of a kernel has bank conflicts: the lane-to-bank map of one of its
/// warp-wide requests, as text for a terminal.

#include <simt/launch.hpp>

#include <string>

namespace simt {

/// @ingroup simt
/// @brief The example request of `line` (its `worst`): a heading with the place, the
/// wavefronts and the conflict-free wavefronts; then, 16 lanes to a row, each lane's word and
/// that word's bank (`-` for lanes that took no part); then the busiest bank, the different
/// words it holds and the lanes that want them. One wavefront serves one word per bank, so the
/// busiest bank's count of words is the request's count of wavefronts.
[[nodiscard]] std::string bank_map_text(const SharedAccessLine& line);

}  // namespace simt
