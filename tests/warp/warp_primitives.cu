// Launches of the warp-primitive kernels on the GPU (<<<>>>) or on the CPU emulator (simt::launch
// names the same kernel symbol; simt_add_kernels() translated the kernel file for it).

#include "warp_primitives.hpp"

#include "warp_primitives_kernels.cuh"

#include "backend_launch.hpp"

namespace warp_primitives {

using test::Array;
using test::launch;

std::vector<long long> shuffle_every_mode(Backend backend) {
  Array<long long> out(backend, std::size_t{4} * kShuffleWidths * kShuffleOperands * 32);
  launch(backend, 1, 32, 0, ShuffleEveryMode, out.data());
  return out.read();
}

std::vector<unsigned> votes_matches_reductions(Backend backend, std::span<const unsigned> values) {
  Array<unsigned> in(backend, values), out(backend, 16 * 32);
  launch(backend, 1, 32, 0, VotesMatchesReductions, in.data(), out.data());
  return out.read();
}

std::vector<int> group_collectives(Backend backend, std::span<const int> values) {
  Array<int> in(backend, values), out(backend, 24 * values.size());
  launch(backend, static_cast<unsigned>(values.size() / 128), 128, 0, GroupCollectives, in.data(),
         out.data());
  return out.read();
}

}  // namespace warp_primitives
