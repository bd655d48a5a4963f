#pragma once
/// @file
/// @brief A kernel whose block barriers and warp collectives the whole block reaches together,
/// run as loops over the block's threads: the translation (rewrites/block_loops.py) turns the
/// statements between two of them into a lambda that threads() calls once per thread, each
/// barrier into barrier(), and each collective into a pass that gives every lane's operands to
/// its LoopCollective and completes it (threads() with the collective), and the statement with
/// the lane's result. Internal.
///
/// The threads run in the order of the block's chain, as the coroutines of the same kernel would
/// (shuffled too, with the shuffle seed), each with its slot as the running thread, so accesses
/// are checked and counted the same; a barrier ends the interval as the scheduler does. What
/// a thread keeps from one interval to the next is in a record per thread (locals()). A
/// `__device__` function that waits, which the whole block calls alike, runs as loops too, with
/// its records inside its caller's (Records, member_records()).

#include <simt/detail/heartbeat.hpp>
#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/detail/warp_collective.hpp>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <type_traits>

// A pass's loop over the threads is a lambda in threads() with a copy for each setting of the
// checks: in a build without access checks (simt-nvcc --simt-no-checks) it is inlined into the
// kernel, where the compiler keeps what the passes share in registers (a double-precision GEMM
// of the sample collection ran 12% faster); in a build with them, the two copies of every pass
// made one function too large for that, and a warp-shuffle tree ran 40% slower, so there each
// copy stays a function of its own.
#if defined(SIMT_NO_ACCESS_CHECKS)
#define SIMT_BLOCK_LOOP_PASS __attribute__((always_inline))
#else
#define SIMT_BLOCK_LOOP_PASS
#endif

namespace simt::detail {

/// @brief Ends the interval of the running block at `site` (every thread that has not returned
/// has reached it): the scheduler's work at a released block barrier. False once every thread
/// of the block has returned.
bool pass_block_loop_barrier(const Site& site);
/// @brief Drops the threads that returned from the running block's chain; false once every
/// thread of the block has.
bool drop_returned_threads();
/// @brief Completes the warp collectives every lane of the running block that has not returned
/// has arrived at (LoopCollective::arrive), as the scheduler completes them.
void pass_block_loop_collective();

/// @brief A place for the type of a collective's call in a block loop's record (the record is
/// declared before the kernel's statements, where no place of them is).
struct AnyPlace {
  Site operator()() const { return {}; }
};

/// @ingroup simt
/// @brief One thread's part in a warp collective of a block loop: the operation `Awaiter` (the
/// type a call of `__shfl_sync` and friends returns) with the lane's operands, then its result.
/// Plain bytes, so that the per-thread record stays trivial. `OperandsAlike`: the translation
/// proved the call's operands other than its mask and value uniform (a shuffle's lane operand
/// and width), so every lane of a warp gives the same.
template <class Awaiter, bool OperandsAlike = false>
struct LoopCollective {
  using Op = typename Awaiter::Operation;
  static constexpr bool operands_alike = OperandsAlike;
  static_assert(std::is_trivially_copyable_v<Op> && std::is_trivially_destructible_v<Op>);
  alignas(Op) unsigned char bytes[sizeof(Op)];

  /// @brief The running thread's operands, as a coroutine's lane has them where it suspends.
  template <class Where>
  [[gnu::always_inline]] void arrive(const CollectiveAt<Where, Op>& call) {
    // A record's collective is one call in the source: the same operation at the same place
    // each time, so after the lane's first arrival in the block only its operands change. The
    // record starts zeroed (BlockLoop::locals) and Op, trivially copyable, is an
    // implicit-lifetime type: before that arrival its `complete` reads null.
    if constexpr (requires(Op & o) { o.take_operands(static_cast<const Op&>(call)); }) {
      if (op().complete != nullptr) [[likely]] {
        op().take_operands(static_cast<const Op&>(call));
        return;
      }
    }
    Op* op = ::new (static_cast<void*>(bytes)) Op(static_cast<const Op&>(call));
    op->site = &site_at<Where>;
  }
  /// @brief The operation, once arrive() has made it.
  [[gnu::always_inline]] Op& op() { return *std::launder(reinterpret_cast<Op*>(bytes)); }
  /// @brief What the collective gave this lane.
  [[gnu::always_inline]] decltype(auto) result() const {
    return std::launder(reinterpret_cast<const Op*>(bytes))->result();
  }
};

/// @ingroup simt
/// @brief The records of a block's threads where each lies `stride` bytes after the one before:
/// a `__device__` function's records inside its caller's (the caller's record holds the callee's
/// as a member), indexed by the thread's rank in the block.
template <class Locals>
struct Records {
  unsigned char* base;
  std::size_t stride;
  /// @brief The record of the thread of rank `rank`.
  [[gnu::always_inline]] Locals& operator[](std::size_t rank) const {
    return *std::launder(reinterpret_cast<Locals*>(base + rank * stride));
  }
};

/// @brief The member `member` of every record of `records` (a kernel's array of records, or
/// Records): the records a called `__device__` function runs with.
template <class Outer, class Inner>
Records<Inner> member_records(Outer* records, Inner Outer::*member) {
  return {reinterpret_cast<unsigned char*>(&(records[0].*member)), sizeof(Outer)};
}
template <class Outer, class Inner>
Records<Inner> member_records(Records<Outer> records, Inner Outer::*member) {
  return {reinterpret_cast<unsigned char*>(&(records[0].*member)), records.stride};
}

/// @brief The lanes of one warp at the collective `member` of a block loop's records, as an
/// operation's run_on() reads them (the same as GroupView, without a pointer per lane).
template <class RecordArray, class Locals, class Collective>
struct RecordLanes {
  RecordArray records;
  Collective Locals::*member;
  std::size_t lane0;  ///< The rank of the warp's lane 0.
  unsigned present;   ///< The lanes in the group.
  static constexpr unsigned count = warp_size;
  /// Whether the lanes gave the same operands but their values (LoopCollective).
  static constexpr bool operands_alike = Collective::operands_alike;
  [[nodiscard]] bool has(unsigned i) const noexcept { return ((present >> i) & 1u) != 0; }
  template <class Op>
  [[nodiscard, gnu::always_inline]] Op& at(unsigned i) const noexcept {
    static_assert(std::is_same_v<Op, typename Collective::Op>);
    return (records[lane0 + i].*member).op();
  }
};

/// @brief The collective of a pointer to a member of a block loop's records.
template <class Member>
struct CollectiveMember;
template <class Locals, class C>
struct CollectiveMember<C Locals::*> {
  using Collective = C;
};

/// @ingroup simt
/// @brief What a kernel run as loops over its threads calls (see the file's comment).
struct BlockLoop {
  /// @brief Each thread's record of what it keeps across barriers, for the running block.
  template <class Locals>
  Locals* locals() const {
    static_assert(std::is_trivially_default_constructible_v<Locals>);
    const std::size_t bytes = sizeof(Locals) * current_thread.unit->threads_per_block;
    void* memory = current_thread.unit->frames.allocate(bytes);
    std::memset(memory, 0, bytes);
    return static_cast<Locals*>(memory);
  }

  /// @brief Calls `f` with every thread's record (to give each its copy of a parameter).
  template <class Locals, class F>
  void each(Locals* locals, F&& f) const {
    const unsigned n = current_thread.unit->threads_per_block;
    for (unsigned t = 0; t < n; ++t) f(locals[t]);
  }

  /// @brief The record of the first thread of the running block that has not returned: where
  /// a called `__device__` function reads a parameter every thread was given alike.
  template <class RecordArray>
  decltype(auto) first(RecordArray records) const {
    return records[current_thread.block->scheduling.chain.front().rank];
  }

  /// @brief Runs `region` for every thread of the block that has not returned, in the chain's
  /// order; a thread whose region returns false has returned from the kernel. False once every
  /// thread of the block has. With `member` (a region that ends where each thread arrives at
  /// the warp collective `member`, LoopCollective::arrive), the pass then completes it
  /// (complete_collective()); where the threads run in rank order, each warp's operation runs
  /// right after its last lane arrives. With `after` too (the region that follows the
  /// collective, which begins with each lane's result), a second pass runs it for every thread
  /// that has not returned; where the threads run in rank order with nothing checked or
  /// watched, a warp's lanes go on into `after` as soon as its operation has run, as coroutines
  /// do, rather than after every other warp's arrival (which only a race could tell); and for a
  /// whole warp at a shuffle, each lane as soon as its own result is there (run_lane_by_lane()).
  template <class RecordArray, class Region, class Member = std::nullptr_t,
            class After = std::nullptr_t>
  [[gnu::always_inline]] bool threads(RecordArray locals, Region&& region, Member member = nullptr,
                                      After&& after = nullptr) const {
    BlockScheduling& s = current_thread.block->scheduling;
    bool returned = false;
    // Two copies of the loop, as simt::detail::plain_block_twin has: in the first the compiler
    // knows that nothing is checked or watched, and folds each access's check out of it.
    // Where the chain is every thread in rank order (no shuffle seed, and none has returned), a
    // thread's record is the one at its place in the chain, and the loop does not read the
    // chain's slots: with 1024 threads, the records and the slots together outgrew the
    // first-level cache, and a shuffle cost 3.9 ns per lane rather than 2.4.
    const bool ranked = current_thread.unit->rank_ordered &&
                        s.chain.size() == std::size_t{current_thread.unit->threads_per_block} + 1;
    constexpr bool ends_at_collective = !std::is_null_pointer_v<Member>;
    constexpr bool goes_on = !std::is_null_pointer_v<std::remove_cvref_t<After>>;
    static_assert(ends_at_collective || !goes_on, "a region after a collective only");
    // The warps whose collective ran in the pass, and those whose lanes went on into `after`
    // (in rank order, by place, only).
    std::uint32_t completed = 0, went_on = 0;
    const auto run = [&]<bool Plain>(std::bool_constant<Plain>) SIMT_BLOCK_LOOP_PASS {
      // Locals of the loop, not the enclosing function's: a captured one would be read again
      // after each store of the running slot (a pointer of the same type), and where its place
      // on the stack shares its low 12 bits with the thread-local slot's, that load waits for
      // the store (the reduction ran 20% slower in one build than in another of the same code).
      ThreadSlot* const order = s.chain.data();
      const RecordArray records = locals;
      const bool by_place = ranked;
      const std::size_t count = s.chain.size() - 1;
      const auto one = [&](std::size_t i, auto& code) __attribute__((always_inline)) {
        current_thread.slot = order + i;
        if constexpr (Plain) {
          if (current_thread.heartbeat != nullptr || current_thread.checking)
            __builtin_unreachable();
        } else if (current_thread.heartbeat != nullptr) {
          note_progress(nullptr, 0);
        }
        if (!code(records[by_place ? i : order[i].rank])) [[unlikely]] {
          note_return(s, order[i].rank);
          returned = true;
          return false;
        }
        return true;
      };
      if constexpr (ends_at_collective) {
        if (by_place) {
          // A warp's operation reads and writes its lanes' operands, which another warp's
          // thread reaches only through a race, so it may run before the next warp's threads do
          // (the GPU runs warps in any order), while its lanes' records are still in the
          // first-level cache (a block's records of a double-precision mma_sync kernel, 94 KB,
          // were not by the end of the pass).
          for (std::size_t lane0 = 0; lane0 < count; lane0 += warp_size) {
            bool all = true;
            const std::size_t end = std::min(count, lane0 + warp_size);
            for (std::size_t i = lane0; i < end; ++i) all &= one(i, region);
            const auto w = static_cast<unsigned>(lane0 / warp_size);
            if constexpr (goes_on && Plain && lane_by_lane<Member>()) {
              if (all && end - lane0 == warp_size && whole_warp_at_once(records, member, w)) {
                run_lane_by_lane(
                    records, member,
                    lane0, [&](std::size_t i) __attribute__((always_inline)) { one(i, after); });
                completed |= 1u << w;
                went_on |= 1u << w;
                continue;
              }
            }
            if (all && complete_warp(records, member, w)) {
              completed |= 1u << w;
              if constexpr (goes_on && Plain) {
                for (std::size_t i = lane0; i < end; ++i) one(i, after);
                went_on |= 1u << w;
              }
            }
          }
          return;
        }
      }
      for (std::size_t i = 0; i < count; ++i) one(i, region);
    };
    if (current_thread.heartbeat == nullptr && !current_thread.checking)
      run(std::true_type{});
    else
      run(std::false_type{});
    if (returned && !drop_returned_threads()) return false;
    if constexpr (ends_at_collective) complete_collective(locals, member, completed);
    if constexpr (goes_on) {
      if (went_on == 0) return threads(locals, after);
      return rest_after(locals, after, went_on);
    }
    return true;
  }

  /// @brief The block barrier at the place `Where` (a SIMT_SITE tag), reached by every thread
  /// that has not returned.
  template <class Where>
  bool barrier(Where) const {
    return pass_block_loop_barrier(site_at<Where>);
  }

 private:
  /// @brief Notes that the thread of rank `rank` returned from the kernel.
  [[gnu::always_inline]] static void note_return(BlockScheduling& s, unsigned rank) {
    s.exited.push_back(rank);
    s.warps[warp_of(rank)].exited |= 1u << lane_of(rank);
  }

  /// @brief The pass of threads() over `after` for the threads of the warps not in `went_on`,
  /// whose lanes went on into it in the pass before (with nothing checked or watched, so this
  /// pass checks nothing either). False once every thread of the block has returned.
  template <class RecordArray, class After>
  static bool rest_after(RecordArray records, After& after, std::uint32_t went_on) {
    BlockScheduling& s = current_thread.block->scheduling;
    ThreadSlot* const order = s.chain.data();
    const std::size_t count = s.chain.size() - 1;
    // Every warp, in the common case: the warps of a block in rank order.
    if (count == current_thread.unit->threads_per_block &&
        std::countr_one(went_on) >= static_cast<int>((count + warp_size - 1) / warp_size))
      return true;
    bool returned = false;
    for (std::size_t i = 0; i < count; ++i) {
      const unsigned rank = order[i].rank;
      if (((went_on >> warp_of(rank)) & 1u) != 0) continue;
      current_thread.slot = order + i;
      if (!after(records[rank])) [[unlikely]] {
        note_return(s, rank);
        returned = true;
      }
    }
    return !returned || drop_returned_threads();
  }

  /// @brief Whether the collective `Member` (a pointer to a record's LoopCollective) may give
  /// each lane of a whole warp its result and let it go on before the next lane's is computed:
  /// one whose lane takes its result from one lane's operands (Op::take_value_of), which no
  /// lane changes before it arrives again.
  template <class Member>
  static constexpr bool lane_by_lane() {
    if constexpr (std::is_member_object_pointer_v<Member>) {
      using Op = typename CollectiveMember<Member>::Collective::Op;
      return requires(Op & lane, const Op& source) { lane.take_value_of(source); };
    }
    return false;
  }

  /// @brief Whether the live lanes of the warp `warp`, at a collective whose first live lane's
  /// operation is `first`, are the group the scheduler completes at once
  /// (UnitRunner::pass_loop_collective): the translation takes a collective as loops only where
  /// its mask is uniform, so every lane gives the first's, and that mask names every live lane,
  /// for one warp, not a convergence. With the strict setting, a mask that names a lane that
  /// returned is the scheduler's to warn of.
  [[gnu::always_inline]] static bool completes_at_once(const WarpCollective& first,
                                                       const WarpWaits& warp) {
    const unsigned live = ~warp.exited;
    return (first.mask & live) == live && first.span == 1 &&
           first.kind != CollectiveKind::convergence &&
           !(current_thread.unit->strict && (first.mask & warp.exited) != 0);
  }

  /// @brief Whether every lane of warp `w` is live and completes_at_once(): the group
  /// complete_warp() completes, with all 32 lanes.
  template <class RecordArray, class Member>
  [[gnu::always_inline]] static bool whole_warp_at_once(RecordArray records, Member member,
                                                        unsigned w) {
    const WarpWaits& warp = current_thread.block->scheduling.warps[w];
    return warp.exited == 0 &&
           completes_at_once((records[std::size_t{w} * warp_size].*member).op(), warp);
  }

  /// @brief For each lane of the whole warp whose lane 0 has rank `lane0`, in rank order: the
  /// lane's result of the collective `member` (one that goes lane_by_lane()), then
  /// `go_on(rank)`, which runs its next region. Where the threads run in rank order with nothing
  /// checked, this is what complete_warp() and then the lanes' regions do, without a pass over
  /// the warp's records between them.
  template <class RecordArray, class Member, class GoOn>
  [[gnu::always_inline]] static void run_lane_by_lane(RecordArray records, Member member,
                                                      std::size_t lane0, GoOn&& go_on) {
    using Collective = typename CollectiveMember<Member>::Collective;
    using Op = typename Collective::Op;
    // The bytes from a lane's operation to the next lane's: the source lane's is found from the
    // lane's own, which the compiler then keeps in a register.
    const std::ptrdiff_t stride = reinterpret_cast<const unsigned char*>(&records[lane0 + 1]) -
                                  reinterpret_cast<const unsigned char*>(&records[lane0]);
    const auto op_at = [&](unsigned lane) __attribute__((always_inline))->Op& {
      return (records[lane0 + lane].*member).op();
    };
    Op::template for_each_source_of_whole_warp<Collective::operands_alike>(
        op_at, [&](unsigned lane, int distance) __attribute__((always_inline)) {
          Op& me = op_at(lane);
          const auto* from = reinterpret_cast<const unsigned char*>(&me) + distance * stride;
          me.take_value_of(*std::launder(reinterpret_cast<const Op*>(from)));
          go_on(lane0 + lane);
        });
  }

  /// @brief Runs warp `w`'s operation of the collective `member` on the records, if its lanes
  /// all give one mask that names every one of them: the group the scheduler would complete at
  /// once (UnitRunner::pass_loop_collective). False, having done nothing, for any other warp.
  template <class RecordArray, class Locals, class Collective>
  [[gnu::always_inline]] static bool complete_warp(RecordArray records, Collective Locals::*member,
                                                   unsigned w) {
    using Op = typename Collective::Op;
    if constexpr (requires(const RecordLanes<RecordArray, Locals, Collective>& g) {
                    Op::run_on(g);
                  }) {
      BlockScheduling& s = current_thread.block->scheduling;
      const unsigned live = ~s.warps[w].exited;
      const std::size_t lane0 = std::size_t{w} * warp_size;
      const WarpCollective& first = (records[lane0 + std::countr_zero(live)].*member).op();
      if (completes_at_once(first, s.warps[w])) {
        Op::run_on(RecordLanes<RecordArray, Locals, Collective>{records, member, lane0, live});
        if (first.kind == CollectiveKind::warp_sync) ++s.warp_steps[w];
        return true;
      }
    }
    return false;
  }

  /// @brief Completes the collective `member` for every warp with a lane that has not returned,
  /// except those of `completed`: complete_warp() where it can, and any other warp's lanes are
  /// noted as waiting there, as their arrivals would have, and left to the scheduler, which
  /// completes, reports or warns as it does for coroutines.
  template <class RecordArray, class Locals, class Collective>
  static void complete_collective(RecordArray records, Collective Locals::*member,
                                  std::uint32_t completed) {
    BlockScheduling& s = current_thread.block->scheduling;
    bool left = false;
    for (unsigned w = 0; w < s.warps.size(); ++w) {
      WarpWaits& warp = s.warps[w];
      const unsigned live = ~warp.exited;
      if (live == 0 || ((completed >> w) & 1u) != 0) continue;
      if (complete_warp(records, member, w)) continue;
      const std::size_t lane0 = std::size_t{w} * warp_size;
      const WarpCollective& first = (records[lane0 + std::countr_zero(live)].*member).op();
      for (unsigned rest = live; rest != 0; rest &= rest - 1) {
        const auto lane = static_cast<unsigned>(std::countr_zero(rest));
        warp.lanes[lane] = &(records[lane0 + lane].*member).op();
      }
      warp.arrived = live;
      warp.agreed = first.span == 1 ? live : 0u;
      warp.agreed_complete = first.complete;
      warp.agreed_mask = first.mask;
      s.waiting_warps |= 1u << w;
      left = true;
    }
    if (left) pass_block_loop_collective();
  }
};

/// @brief The loops of the running block. A kernel run as loops calls it first, in the call
/// that starts the block's first thread, which so runs the whole block (the scheduler then
/// starts no other thread of it).
inline BlockLoop block_loop() {
  current_thread.unit->whole_blocks = true;
  return {};
}

}  // namespace simt::detail

#undef SIMT_BLOCK_LOOP_PASS
