#pragma once
/// @file
/// @brief Warp collectives for host-compiled kernels: `__shfl*_sync`, votes, matches,
/// `__reduce_*_sync`, `__syncwarp`, `__activemask` and the cooperative-groups tile operations.
/// Internal.
///
/// A collective is a suspension point at warp granularity. Each lane that reaches one stores,
/// in the awaiter that lives in its own coroutine frame, its operands and a pointer to the
/// operation's `complete` function, and suspends. The scheduler (UnitRunner::settle_warp) finds
/// the lanes whose masks are complete, calls `complete` once for the group while every lane is
/// still suspended (so each lane's operands are still there to read), then resumes just those
/// lanes. Since Volta the lanes of a warp advance independently, and so do they here: nothing
/// runs them in lockstep, and only a collective makes them wait for each other.

#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/detail/warp_diagnostics.hpp>
#include <simt/detail/warp_waits.hpp>

#include <bit>
#include <coroutine>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace simt::detail {

/// @brief Completes, where its last lane arrives, a collective whose lanes ran side by side in
/// the chain being run (the common case: a warp's lanes in order, all at the same operation):
/// computes the results and rewinds the chain to the group's first lane, so the warp runs on
/// while its frames are still in cache. Anything else is left to the scheduler
/// (UnitRunner::settle_warp), and the next thread of the chain runs.
std::coroutine_handle<> complete_in_place(WarpWaits& warp, const WarpCollective& c, unsigned rank);

// Inlined into every kernel coroutine, except in AddressSanitizer builds: there GCC 12 (with
// -fsanitize=undefined too) miscompiled it inlined into a coroutine, testing its null check of the
// thread-local context on flags an unrelated shadow-memory check had set, and so reported a
// "member access within null pointer" that was not there.
#if defined(__SANITIZE_ADDRESS__)
#define SIMT_ARRIVAL_INLINING [[gnu::noinline]]
#else
#define SIMT_ARRIVAL_INLINING [[gnu::always_inline]]
#endif

/// @brief Suspends the running lane at collective `c` and passes control on.
SIMT_ARRIVAL_INLINING inline std::coroutine_handle<> arrive_at_collective(
    std::coroutine_handle<> self, WarpCollective& c) {
  ThreadContext& t = current_thread;
  t.slot->thread = self;
  const unsigned rank = t.slot->rank;
  BlockScheduling& s = t.block->scheduling;
  WarpWaits& w = s.warps[warp_of(rank)];
  const unsigned bit = 1u << lane_of(rank);
  w.lanes[lane_of(rank)] = &c;
  w.arrived |= bit;
  if (w.agreed == 0) {
    w.agreed_complete = c.complete;
    w.agreed_mask = c.mask;
  }
  if (c.complete == w.agreed_complete && c.mask == w.agreed_mask && c.span == 1) w.agreed |= bit;
  s.waiting_warps |= 1u << warp_of(rank);
  if ((w.arrived & c.mask) == (c.mask & ~w.exited) && c.kind != CollectiveKind::convergence &&
      c.span == 1)
    return complete_in_place(w, c, rank);
  return next_thread();
}

/// @brief The awaiter of one collective at one place in the source: `Op` holds the operands
/// and the result, and derives from WarpCollective.
template <class Where, class Op>
struct CollectiveAt : Op {
  using Operation = Op;  ///< What a block loop keeps of it (simt::detail::LoopCollective).
  bool await_ready() const noexcept { return false; }
  std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) {
    this->site = &site_at<Where>;
    return arrive_at_collective(self, *this);
  }
  decltype(auto) await_resume() noexcept { return this->result(); }
};

/// @brief A lane's mask as a bit.
constexpr unsigned lane_bit(unsigned lane) { return 1u << lane; }

// -- the operations -----------------------------------------------------------------------

/// @brief `__syncwarp(mask)`, `tile.sync()`.
struct WarpSync : WarpCollective {
  explicit WarpSync(unsigned m, std::uint8_t warps = 1) {
    mask = m;
    span = warps;
    kind = CollectiveKind::warp_sync;
    complete = &done;
  }
  static void done(const GroupView&) {}
  /// @brief done() over any view of a group's lanes (a block loop's records too).
  template <class Group>
  static void run_on(const Group&) {}
  void result() const noexcept {}
};

/// @brief How a shuffle picks its source lane (PTX `shfl.sync` modes).
enum class ShuffleMode : std::uint8_t { idx, up, down, bfly };

/// @brief The source lane of a shuffle, as PTX `shfl.sync` defines it for lane `lane`, operand
/// `b` and the `width` CUDA's `__shfl*_sync` turn into a clamp and segment mask.
constexpr unsigned shuffle_source(ShuffleMode mode, unsigned lane, unsigned b, int width) {
  const unsigned segmask = (warp_size - static_cast<unsigned>(width)) & 31u;
  const unsigned clamp = mode == ShuffleMode::up ? 0u : 31u;
  const unsigned bval = b & 31u;
  const int max_lane = static_cast<int>((lane & segmask) | (clamp & ~segmask));
  const unsigned min_lane = lane & segmask;
  int j = 0;
  bool valid = false;
  switch (mode) {
    case ShuffleMode::up:
      j = static_cast<int>(lane) - static_cast<int>(bval);
      valid = j >= max_lane;
      break;
    case ShuffleMode::down:
      j = static_cast<int>(lane + bval);
      valid = j <= max_lane;
      break;
    case ShuffleMode::bfly:
      j = static_cast<int>(lane ^ bval);
      valid = j <= max_lane;
      break;
    case ShuffleMode::idx:
      j = static_cast<int>(min_lane | (bval & ~segmask));
      valid = j <= max_lane;
      break;
  }
  return valid ? static_cast<unsigned>(j) : lane;
}

/// @brief Which vote.
enum class VoteKind : std::uint8_t { ballot, any, all };

/// @brief `__shfl_sync`, `__shfl_up_sync`, `__shfl_down_sync`, `__shfl_xor_sync` of a value of
/// type T (any trivially copyable type; the GPU moves it 4 bytes at a time, the same result).
template <class T, ShuffleMode Mode>
struct Shuffle : WarpCollective {
  static_assert(std::is_trivially_copyable_v<T>, "a shuffled value must be trivially copyable");
  // The source lane depends on b and width only modulo 32 (PTX reads b's low 5 bits, and the
  // segment from 32 - width), so a byte each keeps them. They come first, where the compiler
  // may place them in WarpCollective's padding: a block loop's records of a block of 1024
  // threads then fit a core's first-level cache. A byte of its own type, not std::uint8_t: a
  // store of a character type may alias any object, and a block loop's lane would then read the
  // variables its region captured again after each arrival.
  enum class Byte : std::uint8_t {};
  Byte b;
  Byte width;
  T value;
  T out;
  Shuffle(unsigned m, T v, unsigned operand, int w)
      : b(static_cast<Byte>(operand)), width(static_cast<Byte>(w)), value(v), out(v) {
    mask = m;
    complete = &run;
  }
  /// @brief What a lane gives anew at each arrival (simt::detail::LoopCollective), where the
  /// operation and its place stay (and its result is written before it is read).
  void take_operands(const Shuffle& from) noexcept {
    mask = from.mask;
    b = from.b;
    width = from.width;
    value = from.value;
  }
  static void run(const GroupView& g) { run_on(g); }

  /// @brief Calls `each(lane, distance)` for every lane of a whole warp in order, with the
  /// distance from the lane to the one whose value it takes (0 where PTX leaves its own).
  /// `op_at(lane)` is the lane's operation. Where every lane gave the same lane operand and width
  /// (`Alike`: the translation proved them uniform), the first lane's say it for all, and with
  /// the default width of 32 the lanes fall in at most two runs, with no test per lane.
  template <bool Alike, class OpAt, class Each>
  [[gnu::always_inline]] static void for_each_source_of_whole_warp(OpAt&& op_at, Each&& each) {
    const auto from = [](unsigned lane, unsigned source) __attribute__((always_inline)) {
      return static_cast<int>(source) - static_cast<int>(lane);
    };
    if constexpr (Alike) {
      const Shuffle& first = op_at(0u);
      const unsigned b = static_cast<unsigned>(first.b) & 31u;
      const int width = static_cast<int>(first.width);
      if (width == static_cast<int>(warp_size)) {
        // shuffle_source() with one segment, the whole warp.
        if constexpr (Mode == ShuffleMode::down) {
          for (unsigned lane = 0; lane < warp_size - b; ++lane) each(lane, static_cast<int>(b));
          for (unsigned lane = warp_size - b; lane < warp_size; ++lane) each(lane, 0);
        } else if constexpr (Mode == ShuffleMode::up) {
          for (unsigned lane = 0; lane < b; ++lane) each(lane, 0);
          for (unsigned lane = b; lane < warp_size; ++lane) each(lane, -static_cast<int>(b));
        } else if constexpr (Mode == ShuffleMode::bfly) {
          for (unsigned lane = 0; lane < warp_size; ++lane) each(lane, from(lane, lane ^ b));
        } else {
          for (unsigned lane = 0; lane < warp_size; ++lane) each(lane, from(lane, b));
        }
        return;
      }
      for (unsigned lane = 0; lane < warp_size; ++lane)
        each(lane, from(lane, shuffle_source(Mode, lane, b, width)));
    } else {
      for (unsigned lane = 0; lane < warp_size; ++lane) {
        const Shuffle& me = op_at(lane);
        each(lane, from(lane, shuffle_source(Mode, lane, static_cast<unsigned>(me.b),
                                             static_cast<int>(me.width))));
      }
    }
  }
  /// @brief This lane's result: the value `source` gave. A lane's result depends on the lanes'
  /// operands only, which no lane changes before its next arrival: so a block loop may give each
  /// lane of a whole warp its result and let it go on before the next lane's is computed
  /// (BlockLoop::lane_by_lane(), for_each_source_of_whole_warp()).
  [[gnu::always_inline]] void take_value_of(const Shuffle& source) noexcept { out = source.value; }

  /// @brief run() over any view of a warp's lanes (a block loop's records too).
  template <class Group>
  [[gnu::always_inline]] static void run_on(const Group& group) {
    // A copy: the lanes' results are written through pointers the compiler cannot tell from
    // the view's, which it would otherwise read again after each.
    const Group g = group;
    const unsigned present = g.present;
    // The whole warp, the common case: every source lane is present (shuffle_source() gives one
    // of the warp's 32), which the compiler does not see for itself. A block loop's view says
    // whether the translation proved the lanes' operands alike (RecordLanes::operands_alike).
    if (present == ~0u) {
      constexpr bool alike = [] {
        if constexpr (requires { Group::operands_alike; })
          return Group::operands_alike;
        else
          return false;
      }();
      for_each_source_of_whole_warp<alike>(
          [&](unsigned i) -> const Shuffle& { return g.template at<Shuffle>(i); },
          [&](unsigned i, int distance) {
            g.template at<Shuffle>(i).take_value_of(g.template at<Shuffle>(i + distance));
          });
      return;
    }
    for (unsigned rest = present; rest != 0; rest &= rest - 1) {
      const auto i = static_cast<unsigned>(std::countr_zero(rest));
      Shuffle& me = g.template at<Shuffle>(i);
      const unsigned source =
          shuffle_source(Mode, i, static_cast<unsigned>(me.b), static_cast<int>(me.width));
      if (((present >> source) & 1u) == 0) [[unlikely]] {
        if (diagnosing()) report_shuffle_source(me, i, source);
        me.out = me.value;  // undefined on the GPU: this lane keeps its own value
        continue;
      }
      me.out = g.template at<Shuffle>(source).value;
    }
  }
  T result() const noexcept { return out; }
};

/// @brief What a tile's or coalesced group's ballot or match returns: the warp's lane mask
/// moved down to the tile (`shift`), or packed to the group's ranks (`pack`, the group's mask).
struct LaneBitsView {
  unsigned shift = 0;
  unsigned pack = 0;
  [[nodiscard]] unsigned view(unsigned bits) const noexcept {
    if (pack == 0) return bits >> shift;
    unsigned packed = 0, position = 0;
    for (unsigned rest = pack; rest != 0; rest &= rest - 1, ++position)
      if (bits & (rest & -rest)) packed |= 1u << position;
    return packed;
  }
};

/// @brief `__ballot_sync`, `__any_sync`, `__all_sync` (and the tiles' ballot, any and all,
/// for tiles larger than a warp too).
template <VoteKind Kind>
struct Vote : WarpCollective {
  bool predicate;
  LaneBitsView seen;
  unsigned out = 0;
  Vote(unsigned m, int p, LaneBitsView v = {}, std::uint8_t warps = 1)
      : predicate(p != 0), seen(v) {
    mask = m;
    span = warps;
    complete = &run;
  }
  static void run(const GroupView& g) { run_on(g); }
  /// @brief run() over any view of a group's lanes (a block loop's records too).
  template <class Group>
  static void run_on(const Group& g) {
    unsigned ballot = 0, present = 0, yes = 0;
    for (unsigned i = 0; i < g.count; ++i)
      if (g.has(i)) {
        ++present;
        if (g.template at<Vote>(i).predicate) {
          ++yes;
          if (i < warp_size) ballot |= lane_bit(i);
        }
      }
    unsigned answer = ballot;
    if constexpr (Kind == VoteKind::any) answer = yes != 0 ? 1u : 0u;
    if constexpr (Kind == VoteKind::all) answer = yes == present ? 1u : 0u;
    for (unsigned i = 0; i < g.count; ++i)
      if (g.has(i)) g.template at<Vote>(i).out = answer;
  }
  unsigned result() const noexcept { return Kind == VoteKind::ballot ? seen.view(out) : out; }
};

/// @brief `__match_any_sync` (All = false) and `__match_all_sync` (All = true).
template <class T, bool All>
struct Match : WarpCollective {
  T value;
  int* predicate;
  LaneBitsView seen;
  unsigned out = 0;
  Match(unsigned m, T v, int* p = nullptr, LaneBitsView view = {})
      : value(v), predicate(p), seen(view) {
    mask = m;
    complete = &run;
  }
  static void run(const GroupView& g) { run_on(g); }
  /// @brief run() over any view of a warp's lanes (a block loop's records too).
  template <class Group>
  static void run_on(const Group& g) {
    for (unsigned i = 0; i < warp_size; ++i) {
      if (!g.has(i)) continue;
      Match& me = g.template at<Match>(i);
      unsigned same = 0;
      for (unsigned j = 0; j < warp_size; ++j)
        if (g.has(j) && g.template at<Match>(j).value == me.value) same |= lane_bit(j);
      if constexpr (All) {
        const bool all = same == g.present;
        me.out = all ? g.present : 0u;
        *me.predicate = all ? 1 : 0;
      } else {
        me.out = same;
      }
    }
  }
  unsigned result() const noexcept { return seen.view(out); }
};

/// @brief A reduction or scan over the lanes of a group, in lane order: `__reduce_*_sync`,
/// `cg::reduce`, `cg::inclusive_scan`, `cg::exclusive_scan`.
enum class FoldKind : std::uint8_t { reduce, inclusive, exclusive };

template <class T, class Op, FoldKind Kind>
struct Fold : WarpCollective {
  T value;
  Op op;
  T out{};
  Fold(unsigned m, T v, Op o, std::uint8_t warps = 1) : value(v), op(o) {
    mask = m;
    span = warps;
    complete = &run;
  }
  static void run(const GroupView& g) { run_on(g); }
  /// @brief run() over any view of a group's lanes (a block loop's records too).
  template <class Group>
  static void run_on(const Group& g) {
    bool first = true;
    T running{};
    for (unsigned i = 0; i < g.count; ++i) {
      if (!g.has(i)) continue;
      Fold& me = g.template at<Fold>(i);
      if constexpr (Kind == FoldKind::exclusive) me.out = first ? T{} : running;
      running = first ? me.value : static_cast<T>(me.op(running, me.value));
      first = false;
      if constexpr (Kind == FoldKind::inclusive) me.out = running;
    }
    if constexpr (Kind == FoldKind::reduce)
      for (unsigned i = 0; i < g.count; ++i)
        if (g.has(i)) g.template at<Fold>(i).out = running;
  }
  T result() const noexcept { return out; }
};

/// @brief A shuffle of a tile larger than a warp (`thread_block_tile<64>::shfl`): the source is
/// a rank in the tile.
template <class T>
struct TileShuffle : WarpCollective {
  T value;
  unsigned source;
  T out;
  TileShuffle(std::uint8_t warps, T v, unsigned src) : value(v), source(src), out(v) {
    mask = ~0u;
    span = warps;
    complete = &run;
  }
  static void run(const GroupView& g) {
    for (unsigned i = 0; i < g.count; ++i) {
      if (!g.has(i)) continue;
      TileShuffle& me = g.at<TileShuffle>(i);
      const unsigned from = me.source % g.count;
      if (!g.has(from)) {
        if (diagnosing()) report_shuffle_source(me, i, from);
        continue;
      }
      me.out = g.at<TileShuffle>(from).value;
    }
  }
  T result() const noexcept { return out; }
};

/// @brief `__activemask()` and `coalesced_threads()`: the lanes of the warp that reach this
/// place together. Released once nothing else in the warp can move, so every lane that can
/// still get here has (the most convergence the GPU could give).
struct Converge : WarpCollective {
  unsigned out = 0;
  Converge() {
    mask = ~0u;
    kind = CollectiveKind::convergence;
    complete = &run;
  }
  static void run(const GroupView& g) {
    for (unsigned rest = g.present; rest != 0; rest &= rest - 1)
      g.at<Converge>(static_cast<unsigned>(std::countr_zero(rest))).out = g.present;
  }
  unsigned result() const noexcept { return out; }
};

}  // namespace simt::detail
