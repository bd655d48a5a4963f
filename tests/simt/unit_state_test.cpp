// The state of a block (common/simt/include/simt/detail/unit_state.hpp, src/unit_state.cpp),
// tested on its own: a worker runs block after block in the same BlockState, so reset() must
// leave nothing of the block that ran before.
#include "../catch.hpp"

#include <simt/detail/unit_state.hpp>

#include <cstdint>

namespace {

using simt::detail::BarrierKind;
using simt::detail::BlockState;
using simt::detail::CompletionWaitKind;

const simt::detail::Site kSite{std::source_location::current(), "__syncthreads()"};

// Everything a block that ran in `b` may leave behind, every field away from its start.
void leave_a_finished_block_in(BlockState& b) {
  auto& s = b.scheduling;
  s.chain.push_back({{}, {1, 0, 0}, 1});
  s.barrier_site = &kSite;
  s.barrier_kind = BarrierKind::cluster;
  s.strays.push_back({3, &kSite, BarrierKind::grid});
  for (auto& warp : s.warps) {
    warp.arrived = 0x0000FFFFu;
    warp.exited = 0xFFFF0000u;
    warp.agreed = 0x00000F0Fu;
  }
  s.waiting_warps = 0x3u;
  s.exited = {40, 41, 42};
  s.exits_in_chain = 3;
  s.predicate_count = 17;
  s.released_count = 12;
  for (auto& passed : s.warp_steps) passed = 9;
  static const std::uint64_t counter = 4;
  s.completion_waits.push_back(
      {5, &counter, 3, &kSite, CompletionWaitKind::pipeline_commit, nullptr});
  s.completes_group_copies = true;
  s.group_copies_kept = 2;
  b.printed = "hello from the last block\n";
  b.async_copies.push_back({.dst = nullptr,
                            .src = nullptr,
                            .bytes = 16,
                            .place = std::source_location::current(),
                            .group_copy = 1});
  b.group_copies_started = {1, 2};
  b.arrivals.push_back({nullptr, {1, 2, 3}});
  b.alive = false;
  b.interval = 6;
  b.last_barrier_site = &kSite;
  b.last_barrier_kind = BarrierKind::grid;
}

}  // namespace

TEST_CASE("A block started after another in the same state sees nothing of the one before",
          "[simt][unit_state]") {
  // 40 threads: two warps, the second with 8 lanes; lanes 8..31 of warp 1 do not exist.
  BlockState b;
  b.scheduling.warps.resize(2);
  b.scheduling.warp_steps.resize(2);
  b.linear = 77;  // the block's place is place_blocks()'s to set, not reset()'s
  leave_a_finished_block_in(b);

  b.reset(40);

  const auto& s = b.scheduling;
  CHECK(s.chain.empty());
  CHECK(s.barrier_site == nullptr);
  CHECK(s.barrier_kind == BarrierKind::block);
  CHECK(s.strays.empty());
  CHECK(s.warps[0].arrived == 0);
  CHECK(s.warps[0].agreed == 0);
  CHECK(s.warps[0].exited == 0);
  CHECK(s.warps[1].arrived == 0);
  CHECK(s.warps[1].agreed == 0);
  CHECK(s.warps[1].exited == 0xFFFFFF00u);  // the 24 lanes past the block's end
  CHECK(s.waiting_warps == 0);
  CHECK(s.exited.empty());
  CHECK(s.exits_in_chain == 0);
  CHECK(s.predicate_count == 0);
  CHECK(s.released_count == 0);
  CHECK(s.warp_steps == std::vector<std::uint16_t>{0, 0});
  CHECK(s.completion_waits.empty());
  CHECK_FALSE(s.completes_group_copies);
  CHECK(s.group_copies_kept == 0);
  CHECK(b.printed.empty());
  CHECK(b.async_copies.empty());
  CHECK(b.group_copies_started.empty());
  CHECK(b.arrivals.empty());
  CHECK(b.alive);
  CHECK(b.interval == 0);
  CHECK(b.last_barrier_site == nullptr);
  CHECK(b.last_barrier_kind == BarrierKind::block);
  CHECK(b.linear == 77);
}
