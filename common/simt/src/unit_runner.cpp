/// @file
/// @brief The scheduler: every GPU thread of a unit's blocks is resumed barrier interval by
/// barrier interval, warp barriers within an interval, and cluster and grid barriers once every
/// block concerned has reached them.

#include "unit_runner.hpp"
#include <simt/detail/barriers.hpp>
#include <simt/detail/block_loop.hpp>
#include <simt/detail/completion_wait.hpp>
#include <simt/detail/group_copy.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/detail/warp_collective.hpp>
#include "describe.hpp"
#include "invariant.hpp"
#include "waiting_threads.hpp"

#include <algorithm>
#include <bit>
#include <coroutine>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace simt::detail {

// Defined here, beside the scheduler that sets it: defined in a file of its own, GCC 12's
// sanitizer build (UBSan) found it null here ("member access within null pointer of type
// ThreadContext" in UnitRunner::run).
constinit thread_local ThreadContext current_thread{};

namespace {

// The runner of the units this worker runs: a kernel run as loops over its threads ends its
// intervals through it (pass_block_loop_barrier()).
constinit thread_local UnitRunner* whole_block_runner = nullptr;

// How deep below the scheduler a chain may be for a warp collective to rewind it (see
// ThreadContext::stack_base). With symmetric transfer as tail calls (optimised builds) the
// chain never gets deep; otherwise this leaves the rest of the 8 MiB stack to the chain's own
// transfers.
constexpr std::ptrdiff_t max_chain_stack_for_rewinds = 1 << 20;

// The stack in use below `base` at the caller.
[[gnu::noinline]] std::ptrdiff_t stack_used_below(const char* base) {
  return base - static_cast<const char*>(__builtin_frame_address(0));
}

bool earlier_in_source(const Site& a, const Site& b) {
  const std::string_view file_a = a.location.file_name(), file_b = b.location.file_name();
  if (file_a != file_b) return file_a < file_b;
  if (a.location.line() != b.location.line()) return a.location.line() < b.location.line();
  return a.location.column() < b.location.column();
}
}  // namespace

bool pass_block_loop_barrier(const Site& site) {
  return whole_block_runner->pass_loop_barrier(*current_thread.block, site);
}

bool drop_returned_threads() { return whole_block_runner->drop_returned(*current_thread.block); }

void pass_block_loop_collective() {
  whole_block_runner->pass_loop_collective(*current_thread.block);
}

UnitRunner::UnitRunner(const LaunchConfig& config, ThreadBody body, PlainBlockBody plain_block,
                       const void* closure, const char* kernel, StrictWarnings& warnings,
                       const LaunchClock& clock)
    : config_(config),
      body_(body),
      plain_block_(plain_block),
      closure_(closure),
      warnings_(warnings),
      watched_(settings().diagnostics ? settings().watchdog_seconds : 0.0, kernel, config.grid) {
  const auto n = static_cast<unsigned>(config.block.volume());
  unit_.cluster_dim = config.cluster;
  unit_.blocks_per_cluster = static_cast<unsigned>(config.cluster.volume());
  unit_.cooperative = config.cooperative;
  clusters_grid_ = Dim3(config.grid.x / config.cluster.x, config.grid.y / config.cluster.y,
                        config.grid.z / config.cluster.z);
  units_blocks_ =
      static_cast<unsigned>(config.cooperative ? config.grid.volume() : config.cluster.volume());
  unit_.blocks.resize(units_blocks_);
  // Every block starts from the same chain: its threads in rank order, not started yet (no-op
  // handles), then the slot that returns to the runner.
  rank_order_.reserve(n + 1);
  for (unsigned t = 0; t < n; ++t)
    rank_order_.push_back({std::noop_coroutine(), unflatten(t, config.block), t});
  rank_order_.push_back({std::noop_coroutine(), Uint3{}, n});
  for (std::size_t k = 0; k < unit_.blocks.size(); ++k) {
    BlockState& b = unit_.blocks[k];
    b.arena_index = k;
    b.scheduling.chain.reserve(n + 1);
    b.scheduling.position.resize(n);
    b.scheduling.warp_steps.assign((n + warp_size - 1) / warp_size, 0);
    b.scheduling.warps.resize((n + warp_size - 1) / warp_size);
  }
  unit_.arena.reserve(units_blocks_, config.dynamic_shared_bytes);
  const Settings& s = settings();
  unit_.diagnostics = s.diagnostics;
  unit_.counting = s.count_bank_conflicts;
  if (unit_.counting) unit_.constants = constant_ranges();
  unit_.checking = s.diagnostics || s.count_bank_conflicts;
  unit_.strict = s.strict;
  unit_.threads_per_block = n;
  unit_.clock = clock;
  unit_.kernel = kernel;
  unit_.body = body;
  unit_.closure = closure;
  shuffle_seed_ = s.shuffle_seed;
  unit_.rank_ordered = !shuffle_seed_.has_value();
}

std::uint64_t UnitRunner::unit_count(const LaunchConfig& config) {
  if (config.cooperative) return 1;
  return config.grid.volume() / config.cluster.volume();
}

void UnitRunner::place_blocks(std::uint64_t index) {
  const unsigned per_cluster = unit_.blocks_per_cluster;
  for (std::size_t k = 0; k < unit_.blocks.size(); ++k) {
    BlockState& b = unit_.blocks[k];
    const std::uint64_t cluster = unit_.cooperative ? k / per_cluster : index;
    const auto rank = static_cast<unsigned>(k % per_cluster);
    const Uint3 cluster_idx = unflatten(cluster, clusters_grid_);
    const Uint3 in_cluster = unflatten(rank, config_.cluster);
    b.block_idx = Uint3{cluster_idx.x * config_.cluster.x + in_cluster.x,
                        cluster_idx.y * config_.cluster.y + in_cluster.y,
                        cluster_idx.z * config_.cluster.z + in_cluster.z};
    b.linear = b.block_idx.x + std::uint64_t{config_.grid.x} *
                                   (b.block_idx.y + std::uint64_t{config_.grid.y} * b.block_idx.z);
    b.cluster = static_cast<unsigned>(k / per_cluster);
    b.rank_in_cluster = rank;
  }
}

void UnitRunner::begin_block(BlockState& b) {
  b.reset(unit_.threads_per_block);
  if (unit_.diagnostics) {
    // Stamps are never reused by this worker, so the shadow needs no clearing between blocks.
    b.race.epoch = unit_.next_epoch++;
    b.written.life = unit_.next_epoch++;
    b.written.first_unwritten_read.clear();
    b.race.dynamic_bytes.resize(unit_.arena.dynamic_size());
    b.race.dynamic_sites.resize(unit_.arena.dynamic_size());
  }
  if (unit_.counting) {
    b.bank.accesses.clear();
    b.bank.access_count.assign(unit_.threads_per_block, 0);
    b.constant.reads.clear();
    b.constant.read_count.assign(unit_.threads_per_block, 0);
  }
  // Shared memory starts as poison, as uninitialised as on the GPU but recognisable. Not a
  // memset of no bytes: glibc's writes a masked 64-byte vector even then, and where that lies
  // on a page never touched (the dynamic region of a launch without one), each block took a
  // page fault (a third of a vector add's time in 64-thread blocks).
  if (unit_.layout.used != 0)
    std::memset(unit_.arena.static_of(b.arena_index), static_cast<int>(shared_poison),
                unit_.layout.used);
  if (unit_.arena.dynamic_size() != 0)
    std::memset(unit_.arena.dynamic_of(b.arena_index), static_cast<int>(shared_poison),
                unit_.arena.dynamic_size());
}

void UnitRunner::run(std::uint64_t index, std::map<std::uint64_t, std::string>& printed) {
  ThreadContext& ctx = current_thread;
  ctx.block_dim = Uint3{config_.block.x, config_.block.y, config_.block.z};
  ctx.grid_dim = Uint3{config_.grid.x, config_.grid.y, config_.grid.z};
  ctx.unit = &unit_;
  ctx.checking = unit_.checking;
  ctx.heartbeat = watched_.heartbeat();
  ctx.quick_heartbeat = !unit_.counting && watchdog_is_a_thread ? ctx.heartbeat : nullptr;
  unit_.frames.reset();
  place_blocks(index);
  for (BlockState& b : unit_.blocks) begin_block(b);

  whole_block_runner = this;
  // First interval: start every thread; each runs to its first barrier or to its end.
  for (BlockState& b : unit_.blocks) start_threads(b);
  // Then, until no thread waits: run what is ready inside each block (warp collectives,
  // completed barrier phases and pipeline stages, a block barrier every thread reached); when
  // nothing inside a block is ready, release the cluster (grid) barriers every block of the
  // cluster (grid) waits at; when nothing at all is ready, the threads wait for each other.
  while (true) {
    const bool progress = run_ready_in_blocks();
    if (!some_thread_waits()) break;
    if (progress) continue;  // look inside the blocks again before any group barrier
    if (release_ready_group_barriers()) continue;
    report_divergence();  // nothing is ready, yet threads wait: they wait for each other
  }
  for (BlockState& b : unit_.blocks) {
    ctx.block = &b;
    end_interval(b);  // the last interval, up to the end of the kernel
    if (!b.printed.empty()) printed[b.linear] += b.printed;
  }
  ctx.block = nullptr;
  ctx.unit = nullptr;
  ctx.heartbeat = nullptr;
  ctx.quick_heartbeat = nullptr;
  ctx.slot = nullptr;
  ctx.chain_begin = nullptr;
}

bool UnitRunner::run_ready_in_blocks() {
  bool progress = false;
  for (BlockState& b : unit_.blocks) {
    settle_warps(b);
    while (true) {
      if (settle_completion_waits(b)) {
        settle_warps(b);
      } else if (block_barrier_ready(b)) {
        release(b);
        settle_warps(b);
      } else {
        break;
      }
      progress = true;
    }
  }
  return progress;
}

bool UnitRunner::some_thread_waits() const {
  return std::any_of(unit_.blocks.begin(), unit_.blocks.end(), [](const BlockState& b) {
    return b.scheduling.barrier_site != nullptr || b.scheduling.waiting_warps != 0 ||
           !b.scheduling.completion_waits.empty();
  });
}

bool UnitRunner::release_ready_group_barriers() {
  const std::size_t per_cluster = unit_.blocks_per_cluster;
  bool released = false;
  for (std::size_t first = 0; first < unit_.blocks.size(); first += per_cluster)
    if (group_barrier_ready(first, per_cluster, BarrierKind::cluster)) {
      if (unit_.strict) warn_exited(group_site(first, per_cluster), first, per_cluster);
      for (std::size_t k = first; k < first + per_cluster; ++k)
        if (unit_.blocks[k].scheduling.barrier_site != nullptr) release(unit_.blocks[k]);
      released = true;
    }
  if (!released && unit_.cooperative &&
      group_barrier_ready(0, unit_.blocks.size(), BarrierKind::grid)) {
    if (unit_.strict) warn_exited(group_site(0, unit_.blocks.size()), 0, unit_.blocks.size());
    for (BlockState& b : unit_.blocks)
      if (b.scheduling.barrier_site != nullptr) release(b);
    released = true;
  }
  return released;
}

void UnitRunner::start_threads(BlockState& b) {
  ThreadContext& ctx = current_thread;
  ctx.block = &b;
  ctx.block_idx = b.block_idx;
  BlockScheduling& s = b.scheduling;
  const unsigned n = unit_.threads_per_block;
  if (plain_kernel_) {
    // A kernel that is a plain function can never wait (a barrier, a warp collective or an
    // asynchronous wait makes it a coroutine): its threads run one after another to their end,
    // each seeing its own index through its slot, with none of a chain's bookkeeping.
    // (With the watchdog on, a change of running thread at an access counts as progress.)
    unit_.starting = true;
    beat(b);
    plain_block_(closure_, rank_order_.data(), n);
    unit_.starting = false;
    all_returned(b);
    return;
  }
  s.chain = rank_order_;
  if (shuffle_seed_) shuffle(b, s.chain);
  for (unsigned i = 0; i < n; ++i) s.position[s.chain[i].rank] = i;
  s.exits_in_chain = 0;
  // Each thread runs to its first barrier or to its end. One that suspends hands control to the
  // next slot, whose thread has not started: its no-op handle returns here.
  unit_.starting = true;
  for (unsigned i = 0; i < n; ++i) {
    beat(b);
    ctx.slot = &s.chain[i];
    ctx.chain_begin = s.chain.data();
    ctx.stack_base = static_cast<const char*>(__builtin_frame_address(0));
    body_(closure_);
    if (unit_.whole_blocks) {
      // The kernel runs as loops over its threads (simt/detail/block_loop.hpp): starting the
      // first thread ran the whole block, every interval of it.
      unit_.starting = false;
      all_returned(b);
      return;
    }
  }
  unit_.starting = false;
  // A coroutine's thread that returns is noted as exited, one that suspends as waiting: a kernel
  // whose threads all returned with neither noted is a plain function. Known from the first
  // block, so that the others skip the chain; with a shuffle seed every block keeps its shuffled
  // chain (the order is the setting's point, plain function or not).
  const bool plain = s.barrier_site == nullptr && s.waiting_warps == 0 &&
                     s.completion_waits.empty() && s.exited.empty();
  if (!kernel_kind_known_) {
    kernel_kind_known_ = true;
    plain_kernel_ = plain && !shuffle_seed_;
  }
  if (plain) {
    all_returned(b);
    return;
  }
  b.alive = s.exited.size() < n;
}

bool UnitRunner::pass_loop_barrier(BlockState& b, const Site& site) {
  BlockScheduling& s = b.scheduling;
  // Every thread that has not returned has reached it, so it is released at once.
  s.barrier_site = &site;
  s.barrier_kind = BarrierKind::block;
  pass_barrier(b);
  current_thread.slot = s.chain.data();
  beat(b);
  return s.exited.size() < unit_.threads_per_block;
}

bool UnitRunner::drop_returned(BlockState& b) {
  rebuild_chain(b);
  return b.scheduling.exited.size() < unit_.threads_per_block;
}

void UnitRunner::all_returned(BlockState& b) {
  BlockScheduling& s = b.scheduling;
  s.exited.resize(unit_.threads_per_block);
  std::iota(s.exited.begin(), s.exited.end(), 0u);
  for (WarpWaits& w : s.warps) w.exited = ~0u;
  b.alive = false;
}

namespace {
// Whether the lanes of `expected` all noted, as they arrived, that they wait at `c`'s operation
// with its mask (so no lane's awaiter needs reading again).
bool agreed_on(const WarpWaits& warp, unsigned expected, const WarpCollective& c) {
  return (warp.agreed & expected) == expected && warp.agreed_complete == c.complete &&
         warp.agreed_mask == c.mask;
}

// Completes collective `c` for the lanes `expected` of warp `w`, which all wait at it.
void complete_group(BlockScheduling& s, unsigned w, unsigned expected, const WarpCollective& c) {
  WarpWaits& warp = s.warps[w];
  if ((warp.arrived & ~expected) != 0) check_masks_agree(warp, w, expected, c);
  c.complete(GroupView{warp.lanes, warp_size, expected});
  warp.release(expected);
  if (warp.arrived == 0) s.waiting_warps &= ~(1u << w);
  if (c.kind == CollectiveKind::warp_sync) ++s.warp_steps[w];
}
}  // namespace

void UnitRunner::pass_loop_collective(BlockState& b) {
  BlockScheduling& s = b.scheduling;
  for (unsigned pending = s.waiting_warps; pending != 0; pending &= pending - 1) {
    const auto w = static_cast<unsigned>(std::countr_zero(pending));
    const WarpWaits& warp = s.warps[w];
    const WarpCollective& c = *warp.lanes[std::countr_zero(warp.arrived)];
    const unsigned expected = c.mask & ~warp.exited;
    // Every lane that has not returned arrived, at the same operation: one group, in the mask,
    // unless the masks disagree or name lanes that returned (left to settle_warp, which reports
    // or warns as for coroutines).
    if (c.span == 1 && c.kind != CollectiveKind::convergence && warp.arrived == expected &&
        agreed_on(warp, expected, c) && !((c.mask & warp.exited) != 0 && unit_.strict)) {
      complete_group(s, w, expected, c);
      continue;
    }
    completing_in_loop_ = true;
    while (settle_warp(b, w)) {
    }
    completing_in_loop_ = false;
  }
  // Lanes of one warp in groups that cannot complete: on the GPU a hang.
  if (s.waiting_warps != 0) report_divergence();
}

std::coroutine_handle<> complete_in_place(WarpWaits& warp, const WarpCollective& c, unsigned rank) {
  ThreadContext& t = current_thread;
  const unsigned w = warp_of(rank);
  const unsigned expected = c.mask & ~warp.exited;
  const auto k = std::popcount(expected);
  // Left to the scheduler (UnitRunner::settle_warp), which handles every case, when:
  // - the chain is shuffled (threads do not run in rank order, so a warp's lanes are not side by
  //   side);
  // - the calling lane is not in its own mask (settle_warp reports it);
  // - fewer than k - 1 slots of the chain ran before this one (the group cannot be behind it);
  // - with the strict setting, the mask names exited lanes (settle_warp warns, once);
  // - the chain is more than max_chain_stack_for_rewinds deep in the worker's stack (builds
  //   without tail calls): rewinding would run the warp again from deeper still.
  if (!t.unit->rank_ordered || (c.mask & (1u << lane_of(rank))) == 0 ||
      t.slot - t.chain_begin < k - 1 || ((c.mask & warp.exited) != 0 && t.unit->strict) ||
      stack_used_below(t.stack_base) > max_chain_stack_for_rewinds)
    return next_thread();
  // Every lane of the group waits at this operation with this mask (noted as each arrived)...
  if (!agreed_on(warp, expected, c)) return next_thread();
  // ... and ran in the k slots of the chain up to this one.
  ThreadSlot* first = t.slot - (k - 1);
  const unsigned base = w * warp_size;
  int i = 0;
  for (unsigned rest = expected; rest != 0; rest &= rest - 1, ++i)
    if (first[i].rank != base + static_cast<unsigned>(std::countr_zero(rest))) return next_thread();
  complete_group(t.block->scheduling, w, expected, c);
  t.slot = first;
  return first->thread;
}

void UnitRunner::settle_warps(BlockState& b) {
  BlockScheduling& s = b.scheduling;
  bool moved = true;
  while (moved && s.waiting_warps != 0) {
    moved = false;
    for (unsigned pending = s.waiting_warps; pending != 0; pending &= pending - 1) {
      const auto w = static_cast<unsigned>(std::countr_zero(pending));
      while (settle_warp(b, w)) moved = true;
    }
  }
}

// Releases one group of warp `w`'s waiting lanes whose collective is complete, if there is one:
// every lane of its mask that has not exited waits at the same operation with the same mask.
// `__activemask()` and `coalesced_threads()` are released last, once nothing else can move.
bool UnitRunner::settle_warp(BlockState& b, unsigned w) {
  BlockScheduling& s = b.scheduling;
  WarpWaits& warp = s.warps[w];
  SIMT_INVARIANT((warp.arrived & warp.exited) == 0);  // a lane that returned waits at nothing
  unsigned pending = warp.arrived;
  unsigned converging = 0;
  while (pending != 0) {
    const auto lane = static_cast<unsigned>(std::countr_zero(pending));
    const WarpCollective& c = *warp.lanes[lane];
    if (c.kind == CollectiveKind::convergence) {
      converging |= 1u << lane;
      pending &= ~(1u << lane);
      continue;
    }
    if ((c.mask & (1u << lane)) == 0) report_foreign_mask(unit_, b, w, lane);
    if (c.span > 1) {
      if (w - w % c.span + c.span > s.warps.size()) report_foreign_mask(unit_, b, w, lane);
      if (release_tile(b, w - w % c.span, c)) return true;
      pending &= ~(1u << lane);
      continue;
    }
    // The lanes of the mask that wait at this operation with this mask.
    const unsigned expected = c.mask & ~warp.exited;
    unsigned here = 0;
    for (unsigned rest = expected & warp.arrived; rest != 0; rest &= rest - 1) {
      const auto l = static_cast<unsigned>(std::countr_zero(rest));
      const WarpCollective& other = *warp.lanes[l];
      if (other.mask == c.mask && other.complete == c.complete && other.span == 1) here |= 1u << l;
    }
    pending &= ~here;
    // Some lane of the mask is elsewhere (reported if nothing else can move).
    if (here != expected) continue;
    if ((c.mask & warp.exited) != 0 && unit_.strict) warn_exited_lanes(warnings_, unit_, b, w, c);
    if ((warp.arrived & ~expected) != 0) check_masks_agree(warp, w, expected, c);
    release_lanes(b, w, 1, expected, GroupView{warp.lanes, warp_size, expected}, c);
    return true;
  }
  if (converging == 0) return false;
  // The lanes waiting at the same __activemask() (or coalesced_threads()) go on together. Of
  // several such places, the one earliest in the source goes first: lanes released there may
  // still reach a later one, as a GPU's warp reconverges after a branch.
  const WarpCollective* first = nullptr;
  for (unsigned rest = converging; rest != 0; rest &= rest - 1) {
    const WarpCollective* at = warp.lanes[std::countr_zero(rest)];
    if (first == nullptr || earlier_in_source(*at->site, *first->site)) first = at;
  }
  const WarpCollective& c = *first;
  unsigned together = 0;
  for (unsigned rest = converging; rest != 0; rest &= rest - 1) {
    const auto l = static_cast<unsigned>(std::countr_zero(rest));
    if (warp.lanes[l]->site == c.site && warp.lanes[l]->complete == c.complete) together |= 1u << l;
  }
  release_lanes(b, w, 1, together, GroupView{warp.lanes, warp_size, together}, c);
  return true;
}

// A tile larger than a warp: every lane of warps [first, first + c.span) that has not exited
// must wait at the same operation.
bool UnitRunner::release_tile(BlockState& b, unsigned first, const WarpCollective& c) {
  BlockScheduling& s = b.scheduling;
  std::vector<WarpCollective*>& group = scratch_group_;
  group.assign(std::size_t{c.span} * warp_size, nullptr);
  for (unsigned w = first; w < first + c.span; ++w) {
    const WarpWaits& warp = s.warps[w];
    const unsigned expected = ~warp.exited;
    if ((warp.arrived & expected) != expected) return false;
    for (unsigned rest = expected; rest != 0; rest &= rest - 1) {
      const auto l = static_cast<unsigned>(std::countr_zero(rest));
      const WarpCollective& other = *warp.lanes[l];
      if (other.complete != c.complete || other.span != c.span) return false;
      group[(w - first) * warp_size + l] = warp.lanes[l];
    }
  }
  release_lanes(b, first, c.span, ~0u, GroupView{group.data(), c.span * warp_size, ~0u}, c);
  return true;
}

// Completes the collective for the lanes `lanes` (the same in each of `span` warps from
// `first`), then runs them on as a chain of their own.
void UnitRunner::release_lanes(BlockState& b, unsigned first, unsigned span, unsigned lanes,
                               const GroupView& group, const WarpCollective& c) {
  BlockScheduling& s = b.scheduling;
  current_thread.block = &b;
  current_thread.block_idx = b.block_idx;
  c.complete(group);
  std::vector<ThreadSlot>& chain = scratch_chain_;
  chain.clear();
  for (unsigned w = first; w < first + span; ++w) {
    WarpWaits& warp = s.warps[w];
    const unsigned released = lanes & warp.arrived & ~warp.exited;
    warp.release(released);
    if (warp.arrived == 0) s.waiting_warps &= ~(1u << w);
    if (c.kind == CollectiveKind::warp_sync) ++s.warp_steps[w];
    if (completing_in_loop_) continue;  // the block loop runs them on
    for (unsigned rest = released; rest != 0; rest &= rest - 1)
      chain.push_back(s.chain[s.position[w * warp_size + std::countr_zero(rest)]]);
  }
  if (!completing_in_loop_) run_released(b, chain);
}

// Runs `released` (threads of the block's chain, released from a wait) as a chain of their own,
// then notes where each of them waits now in the block's chain.
void UnitRunner::run_released(BlockState& b, std::vector<ThreadSlot>& released) {
  BlockScheduling& s = b.scheduling;
  released.push_back(s.chain.back());
  if (shuffle_seed_) shuffle(b, released);
  run_chain(b, released);
  for (std::size_t i = 0; i + 1 < released.size(); ++i)
    s.chain[s.position[released[i].rank]].thread = released[i].thread;
}

// Runs on the threads whose completion wait has ended (a cuda::barrier phase completed, a
// pipeline stage committed or released by every thread), as a chain of their own.
bool UnitRunner::settle_completion_waits(BlockState& b) {
  BlockScheduling& s = b.scheduling;
  if (s.completion_waits.empty()) return false;
  std::vector<ThreadSlot>& chain = scratch_chain_;
  chain.clear();
  std::size_t kept = 0;
  for (const CompletionWait& w : s.completion_waits) {
    if (*w.counter > w.above)
      chain.push_back(s.chain[s.position[w.rank]]);
    else
      s.completion_waits[kept++] = w;
  }
  if (chain.empty()) return false;
  s.completion_waits.resize(kept);
  run_released(b, chain);
  return true;
}

bool UnitRunner::block_barrier_ready(const BlockState& b) const {
  const BlockScheduling& s = b.scheduling;
  if (s.barrier_site == nullptr || s.waiting_warps != 0 || !s.completion_waits.empty())
    return false;
  if (!s.strays.empty()) report_divergence();
  return s.barrier_kind == BarrierKind::block;
}

bool UnitRunner::group_barrier_ready(std::size_t first, std::size_t count, BarrierKind kind) const {
  const Site* site = nullptr;
  for (std::size_t k = first; k < first + count; ++k) {
    const BlockScheduling& s = unit_.blocks[k].scheduling;
    if (s.barrier_site == nullptr && s.waiting_warps == 0 &&
        s.exited.size() == unit_.threads_per_block)
      continue;  // every thread of the block has exited: it holds no barrier up
    if (s.barrier_site == nullptr || s.barrier_kind != kind || !s.strays.empty() ||
        s.waiting_warps != 0 || !s.completion_waits.empty() ||
        (site != nullptr && s.barrier_site != site))
      return false;
    site = s.barrier_site;
  }
  return site != nullptr;
}

const Site* UnitRunner::group_site(std::size_t first, std::size_t count) const {
  for (std::size_t k = first; k < first + count; ++k)
    if (unit_.blocks[k].scheduling.barrier_site != nullptr)
      return unit_.blocks[k].scheduling.barrier_site;
  return nullptr;
}

void UnitRunner::release(BlockState& b) {
  pass_barrier(b);
  run_chain(b, b.scheduling.chain);
}

void UnitRunner::pass_barrier(BlockState& b) {
  current_thread.block = &b;
  current_thread.block_idx = b.block_idx;
  BlockScheduling& s = b.scheduling;
  // Released only once every thread that has not exited waits at it.
  SIMT_INVARIANT(s.barrier_site != nullptr && s.waiting_warps == 0 && s.completion_waits.empty());
  if (unit_.strict && s.barrier_kind == BarrierKind::block)
    warn_exited(s.barrier_site, b.arena_index, 1);
  end_interval(b);
  if (s.completes_group_copies) {
    complete_group_copies(b, s.group_copies_kept);
    s.completes_group_copies = false;
  }
  s.barrier_site = nullptr;
  s.strays.clear();
  s.released_count = s.predicate_count;
  s.predicate_count = 0;
  if (s.exits_in_chain != s.exited.size()) rebuild_chain(b);
  if (shuffle_seed_) {
    shuffle(b, s.chain);
    for (std::size_t i = 0; i + 1 < s.chain.size(); ++i)
      s.position[s.chain[i].rank] = static_cast<unsigned>(i);
  }
  // A thread finds its own slot through position (a collective's rewind, a completed wait).
  SIMT_INVARIANT(std::all_of(s.chain.begin(), s.chain.end() - 1, [&](const ThreadSlot& slot) {
    return &s.chain[s.position[slot.rank]] == &slot;
  }));
}

// Drops the threads that exited since the chain was built.
void UnitRunner::rebuild_chain(BlockState& b) {
  BlockScheduling& s = b.scheduling;
  std::vector<char>& gone = gone_;
  gone.assign(unit_.threads_per_block, 0);
  for (unsigned rank : s.exited) gone[rank] = 1;
  std::size_t kept = 0;
  for (std::size_t i = 0; i + 1 < s.chain.size(); ++i)
    if (!gone[s.chain[i].rank]) {
      s.position[s.chain[i].rank] = static_cast<unsigned>(kept);
      s.chain[kept++] = s.chain[i];
    }
  s.chain[kept++] = s.chain.back();
  s.chain.resize(kept);
  s.exits_in_chain = s.exited.size();
  // The chain holds every thread that has not exited, once, and its final link.
  SIMT_INVARIANT(s.chain.size() == unit_.threads_per_block - s.exited.size() + 1);
}

void UnitRunner::run_chain(BlockState& b, std::vector<ThreadSlot>& chain) {
  ThreadContext& ctx = current_thread;
  ctx.block = &b;
  ctx.block_idx = b.block_idx;
  ctx.slot = chain.data();
  ctx.chain_begin = chain.data();
  ctx.stack_base = static_cast<const char*>(__builtin_frame_address(0));
  beat(b);
  chain.front().thread.resume();
  b.alive = b.scheduling.exited.size() < unit_.threads_per_block;
}

void UnitRunner::end_interval(BlockState& b) {
  if (unit_.counting) {
    b.bank.count_interval(unit_.counts, b.linear, b.interval);
    b.constant.count_interval(unit_.constant_counts);
  }
  if (unit_.diagnostics) {
    report_unwritten_read(b);
    b.race.epoch = unit_.next_epoch++;
    std::fill(b.scheduling.warp_steps.begin(), b.scheduling.warp_steps.end(), 0);
  }
  ++b.interval;
  b.last_barrier_site = b.scheduling.barrier_site;
  b.last_barrier_kind = b.scheduling.barrier_kind;
}

// With a shuffle seed: a new order of the chain's threads (not its final no-op link), from the
// seed, the block and the interval.
void UnitRunner::shuffle(BlockState& b, std::vector<ThreadSlot>& chain) {
  std::mt19937_64 random(*shuffle_seed_ ^ (b.linear * 0x9E3779B97F4A7C15ull) ^
                         (std::uint64_t{b.interval} << 40) ^ chain.size());
  std::shuffle(chain.begin(), chain.end() - 1, random);
}

void UnitRunner::warn_exited(const Site* site, std::size_t first, std::size_t count) {
  std::string exited;
  for (std::size_t k = first; k < first + count; ++k) {
    const BlockState& b = unit_.blocks[k];
    if (b.scheduling.exited.empty()) continue;
    exited += (exited.empty() ? "" : ", ") + describe_threads(b.scheduling.exited) + " of block " +
              index_text(b.block_idx);
  }
  if (exited.empty()) return;
  {
    std::lock_guard lock(warnings_.mutex);
    if (!warnings_.given.insert(site).second) return;
  }
  std::fprintf(stderr,
               "simt: warning (strict): in kernel '%s', %s had exited when the others passed %s. "
               "The GPU releases the barrier too (exited threads no longer hold one up), but the "
               "CUDA C++ Programming Guide allows __syncthreads() in conditional code only if the "
               "condition evaluates identically across the entire thread block.\n",
               kernel_name(unit_, site).c_str(), exited.c_str(), describe_site(*site).c_str());
}

// Every thread must reach the same barrier, and every lane of a collective's mask the same
// collective: otherwise the GPU hangs or computes garbage. Names the kernel, the blocks and,
// for each place, the threads waiting there (and the mask of a warp collective).
void UnitRunner::report_divergence() const {
  const Site* any_site = nullptr;
  bool warps = false;
  const CompletionWait* completion_wait = nullptr;
  for (const BlockState& b : unit_.blocks) {
    if (any_site == nullptr && b.scheduling.barrier_site != nullptr)
      any_site = b.scheduling.barrier_site;
    warps = warps || b.scheduling.waiting_warps != 0;
    if (completion_wait == nullptr && !b.scheduling.completion_waits.empty())
      completion_wait = &b.scheduling.completion_waits.front();
  }
  std::ostringstream message;
  message << (completion_wait != nullptr ? describe_wait_that_never_ends(*completion_wait)
              : warps                    ? "warp collective that cannot complete in kernel '" +
                            kernel_name(unit_, any_site) + "'"
                      : "divergent barrier in kernel '" + kernel_name(unit_, any_site) + "'");
  unsigned described = 0;
  for (const BlockState& b : unit_.blocks) {
    const BlockScheduling& s = b.scheduling;
    if (s.exited.size() == unit_.threads_per_block) continue;
    if (++described > 4) {
      message << "; ...";
      break;
    }
    const std::string waiting = describe_waiting_threads(b, unit_.threads_per_block);
    message << "; block " << index_text(b.block_idx) << ": " << waiting;
    const char* separator = waiting.empty() ? "" : ", ";
    if (!s.exited.empty())
      message << separator << describe_threads(s.exited, "has exited", "have exited");
  }
  if (completion_wait != nullptr)
    message << advice_for_wait_that_never_ends(*completion_wait);
  else if (warps)
    message << ". Every lane that a warp collective's mask names, and that has not exited, must "
               "reach the same operation with the same mask (CUDA C++ Programming Guide, warp "
               "shuffle and vote functions); on the GPU this hangs or gives undefined results.";
  else
    message << ". Every thread of a block that has not exited must reach the same "
               "__syncthreads(), and every thread of a cluster the same cluster.sync().";
  throw KernelError(message.str());
}

}  // namespace simt::detail
