#pragma once
// Launches of the warp-primitive kernels (warp_primitives_kernels.cuh) on the GPU or on the CPU
// emulator; warp_primitives_test.cpp checks the results against the guide's rules.

#include "common/backend.hpp"

#include <span>
#include <vector>

namespace warp_primitives {

using tutorial::Backend;

/// ShuffleEveryMode on one warp: [mode][width index][operand][lane].
[[nodiscard]] std::vector<long long> shuffle_every_mode(Backend backend);
/// ShuffleEveryModeAsLoops on one warp, each lane with its own lane operand or not: the same.
[[nodiscard]] std::vector<long long> shuffle_every_mode_as_loops(Backend backend,
                                                                 bool own_operands);
/// VotesMatchesReductions on one warp of `values` (32): 16 results per lane.
[[nodiscard]] std::vector<unsigned> votes_matches_reductions(Backend backend,
                                                             std::span<const unsigned> values);
/// GroupCollectives on blocks of 128 threads over `values` (a multiple of 128): 24 per thread.
[[nodiscard]] std::vector<int> group_collectives(Backend backend, std::span<const int> values);

}  // namespace warp_primitives
