// Launches of the warp-primitive kernels on the GPU (<<<>>>) or on the CPU emulator (simt::launch
// names the same kernel symbol; simt_add_kernels() translated the kernel file for it).

#include "warp_primitives.hpp"

#include "warp_primitives_kernels.cuh"

#include "simt/backend_launch.hpp"

namespace warp_primitives {

using tutorial::BackendArray;
using tutorial::launch_on;

std::vector<long long> shuffle_every_mode(Backend backend) {
  BackendArray<long long> out(backend, std::size_t{4} * kShuffleWidths * kShuffleOperands * 32);
  BackendArray<int> modes(backend, 1, 4);
  launch_on(backend, {1, 32}, ShuffleEveryMode, out.data(), modes.data());
  return out.read();
}

std::vector<long long> shuffle_every_mode_as_loops(Backend backend, bool own_operands) {
  BackendArray<long long> out(backend, std::size_t{4} * kShuffleWidths * kShuffleOperands * 32);
  launch_on(backend, {1, 32}, ShuffleEveryModeAsLoops, out.data(), 4, own_operands ? 1 : 0);
  return out.read();
}

std::vector<unsigned> votes_matches_reductions(Backend backend, std::span<const unsigned> values) {
  BackendArray<unsigned> in(backend, values), out(backend, 16 * 32);
  launch_on(backend, {1, 32}, VotesMatchesReductions, in.data(), out.data());
  return out.read();
}

std::vector<int> group_collectives(Backend backend, std::span<const int> values) {
  BackendArray<int> in(backend, values), out(backend, 24 * values.size());
  launch_on(backend, {static_cast<unsigned>(values.size() / 128), 128}, GroupCollectives, in.data(),
            out.data());
  return out.read();
}

}  // namespace warp_primitives
