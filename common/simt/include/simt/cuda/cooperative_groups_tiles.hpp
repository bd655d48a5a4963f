#pragma once
/// @file
/// @brief Cooperative groups below the block, for kernels compiled by the host compiler:
/// `thread_block_tile<N>` from `tiled_partition<N>` (tiles of a warp or less, and larger tiles
/// of whole warps), `coalesced_group` from `coalesced_threads()`, `labeled_partition` and
/// `binary_partition`, and `thread_group` with the dynamic `tiled_partition(parent, n)`.
///
/// Every operation of a tile is the warp collective CUDA builds it on (`tile.shfl_down(v, 1)`
/// is `__shfl_down_sync(tile mask, v, 1, N)`), so a tile's lanes meet only each other, and
/// two tiles of one warp go their own ways. Included by the stand-in `<cooperative_groups.h>`.

#include <simt/cuda/cooperative_groups.h>
#include <simt/cuda/builtins.hpp>

#if !defined(SIMT_TRANSLATING)
#include <simt/detail/barriers.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/warp_collective.hpp>
#endif

#include <bit>
#include <coroutine>
#include <cstdint>

namespace cooperative_groups {

namespace details {
/// @brief The running thread's lane in its warp.
inline unsigned lane() {
#if defined(SIMT_TRANSLATING)
  return 0;
#else
  return simt::detail::lane_of(simt::detail::thread_rank());
#endif
}
/// @brief The lanes of the running thread's tile of `size` threads (a warp or less).
constexpr unsigned tile_mask(unsigned size, unsigned lane) {
  return size >= 32 ? ~0u : ((1u << size) - 1u) << (lane & ~(size - 1u));
}
/// @brief Warps a tile of `size` threads spans (1 for a warp or less).
constexpr std::uint8_t tile_warps(unsigned size) {
  return static_cast<std::uint8_t>(size > 32 ? size / 32 : 1);
}
/// @brief The lane of the `rank`-th set bit of `mask`.
inline unsigned nth_lane(unsigned mask, unsigned rank) {
  for (; rank != 0 && mask != 0; --rank) mask &= mask - 1;
  return mask == 0 ? 32u : static_cast<unsigned>(std::countr_zero(mask));
}
}  // namespace details

class coalesced_group;

#if defined(SIMT_TRANSLATING)
#define SIMT_TILE_COLLECTIVES                                    \
  SIMT_SUSPENDS void sync() const;                               \
  template <class T>                                             \
  SIMT_SUSPENDS T shfl(T var, int src_rank) const;               \
  template <class T>                                             \
  SIMT_SUSPENDS T shfl_up(T var, unsigned int delta) const;      \
  template <class T>                                             \
  SIMT_SUSPENDS T shfl_down(T var, unsigned int delta) const;    \
  template <class T>                                             \
  SIMT_SUSPENDS T shfl_xor(T var, unsigned int lane_mask) const; \
  SIMT_SUSPENDS unsigned ballot(int predicate) const;            \
  SIMT_SUSPENDS int any(int predicate) const;                    \
  SIMT_SUSPENDS int all(int predicate) const;                    \
  template <class T>                                             \
  SIMT_SUSPENDS unsigned match_any(T value) const;               \
  template <class T>                                             \
  SIMT_SUSPENDS unsigned match_all(T value, int& pred) const;
#endif

/// @brief A tile of `Size` threads of a block (`tiled_partition<Size>(parent)`): a power of
/// two up to 32 (within one warp) or a multiple of 32 up to 1024 (whole warps, which support
/// `sync`, `shfl`, `any`, `all` and the reductions and scans, as on the GPU).
template <unsigned Size, class Parent = void>
class thread_block_tile {
  static_assert(Size != 0 && (Size & (Size - 1)) == 0 && Size <= 1024,
                "a tile's size is a power of two, at most 1024");

 public:
  thread_block_tile(unsigned meta_rank, unsigned meta_size)
      : meta_rank_(meta_rank), meta_size_(meta_size) {}
  /// @brief The same tile, seen with another parent type (`thread_block_tile<N>`).
  template <class Other>
  thread_block_tile(const thread_block_tile<Size, Other>& other)  // NOLINT: as CUDA's
      : meta_rank_(other.meta_group_rank()), meta_size_(other.meta_group_size()) {}

  /// @brief Threads in the tile.
  static constexpr unsigned num_threads() { return Size; }
  /// @brief Same as num_threads().
  static constexpr unsigned size() { return Size; }
  /// @brief Rank of the running thread in the tile.
  [[nodiscard]] unsigned thread_rank() const { return thread_block{}.thread_rank() % Size; }
  /// @brief Rank of the tile among the tiles its parent was split into.
  [[nodiscard]] unsigned meta_group_rank() const { return meta_rank_; }
  /// @brief Tiles the parent was split into.
  [[nodiscard]] unsigned meta_group_size() const { return meta_size_; }

  /// @brief The tile's lanes in the running thread's warp (all of them for a larger tile).
  [[nodiscard]] unsigned simt_mask() const { return details::tile_mask(Size, details::lane()); }
  /// @brief Warps the tile spans.
  [[nodiscard]] static constexpr std::uint8_t simt_span() { return details::tile_warps(Size); }

#if defined(SIMT_TRANSLATING)
  SIMT_TILE_COLLECTIVES
#else

  /// @brief The tile's barrier (`__syncwarp(mask)` for a tile of a warp or less); orders the
  /// tile's shared-memory accesses.
  template <class Where>
  simt::detail::CollectiveAt<Where, simt::detail::WarpSync> sync(Where) const {
    return {simt::detail::WarpSync(simt_mask(), simt_span())};
  }
  /// @brief The value of `var` in the thread of rank `src_rank` of the tile.
  template <class Where, class T>
  auto shfl(Where, T var, int src_rank) const {
    if constexpr (Size > 32) {
      return simt::detail::CollectiveAt<Where, simt::detail::TileShuffle<T> >{
          {simt_span(), var, static_cast<unsigned>(src_rank)}};
    } else {
      return simt::detail::CollectiveAt<Where,
                                        simt::detail::Shuffle<T, simt::detail::ShuffleMode::idx> >{
          {simt_mask(), var, static_cast<unsigned>(src_rank), static_cast<int>(Size)}};
    }
  }
  /// @brief The value of `var` `delta` ranks below (its own for the lowest `delta` ranks).
  template <class Where, class T>
  simt::detail::CollectiveAt<Where, simt::detail::Shuffle<T, simt::detail::ShuffleMode::up> >
  shfl_up(Where, T var, unsigned int delta) const {
    static_assert(Size <= 32, "shfl_up is for tiles of at most 32 threads");
    return {{simt_mask(), var, delta, static_cast<int>(Size)}};
  }
  /// @brief The value of `var` `delta` ranks above (its own for the highest `delta` ranks).
  template <class Where, class T>
  simt::detail::CollectiveAt<Where, simt::detail::Shuffle<T, simt::detail::ShuffleMode::down> >
  shfl_down(Where, T var, unsigned int delta) const {
    static_assert(Size <= 32, "shfl_down is for tiles of at most 32 threads");
    return {{simt_mask(), var, delta, static_cast<int>(Size)}};
  }
  /// @brief The value of `var` in rank `thread_rank() ^ lane_mask`.
  template <class Where, class T>
  simt::detail::CollectiveAt<Where, simt::detail::Shuffle<T, simt::detail::ShuffleMode::bfly> >
  shfl_xor(Where, T var, unsigned int lane_mask) const {
    static_assert(Size <= 32, "shfl_xor is for tiles of at most 32 threads");
    return {{simt_mask(), var, lane_mask, static_cast<int>(Size)}};
  }
  /// @brief The tile's ranks whose `predicate` is non-zero (bit i for rank i).
  template <class Where>
  simt::detail::CollectiveAt<Where, simt::detail::Vote<simt::detail::VoteKind::ballot> > ballot(
      Where, int predicate) const {
    static_assert(Size <= 32, "ballot is for tiles of at most 32 threads");
    return {{simt_mask(), predicate, {details::lane() & ~(Size - 1u), 0u}}};
  }
  /// @brief Whether `predicate` is non-zero for any thread of the tile.
  template <class Where>
  simt::detail::CollectiveAt<Where, simt::detail::Vote<simt::detail::VoteKind::any> > any(
      Where, int predicate) const {
    return {{simt_mask(), predicate, {}, simt_span()}};
  }
  /// @brief Whether `predicate` is non-zero for every thread of the tile.
  template <class Where>
  simt::detail::CollectiveAt<Where, simt::detail::Vote<simt::detail::VoteKind::all> > all(
      Where, int predicate) const {
    return {{simt_mask(), predicate, {}, simt_span()}};
  }
  /// @brief The tile's ranks whose `value` equals this thread's.
  template <class Where, class T>
  simt::detail::CollectiveAt<Where, simt::detail::Match<T, false> > match_any(Where,
                                                                              T value) const {
    static_assert(Size <= 32, "match_any is for tiles of at most 32 threads");
    return {{simt_mask(), value, nullptr, {details::lane() & ~(Size - 1u), 0u}}};
  }
  /// @brief All the tile's ranks if every thread has the same `value` (`pred` = 1), else 0.
  template <class Where, class T>
  simt::detail::CollectiveAt<Where, simt::detail::Match<T, true> > match_all(Where, T value,
                                                                             int& pred) const {
    static_assert(Size <= 32, "match_all is for tiles of at most 32 threads");
    return {{simt_mask(), value, &pred, {details::lane() & ~(Size - 1u), 0u}}};
  }
#endif

 private:
  unsigned meta_rank_;
  unsigned meta_size_;
};

/// @brief Splits `parent` (the block or a larger tile) into tiles of `Size` threads.
template <unsigned Size, class Parent>
thread_block_tile<Size, Parent> tiled_partition(const Parent& parent) {
  return {parent.thread_rank() / Size, (parent.num_threads() + Size - 1) / Size};
}

/// @brief Scratch memory for tiles larger than a warp. Devices of compute capability 8.0 and
/// up (and the emulator) need none; kept so that code written for older ones compiles.
template <unsigned MaxBlockSize = 1024>
struct block_tile_memory {
  unsigned char unused;
};
/// @brief The block, given the scratch that tiles larger than a warp use before sm_80.
template <unsigned MaxBlockSize>
thread_block this_thread_block(block_tile_memory<MaxBlockSize>&) {
  return {};
}

/// @brief The threads of a warp that are here together (`coalesced_threads()`), or a part of a
/// group chosen by label (`labeled_partition`). Ranks are in lane order.
class coalesced_group {
 public:
  explicit coalesced_group(unsigned mask, unsigned meta_rank = 0, unsigned meta_size = 1)
      : mask_(mask), meta_rank_(meta_rank), meta_size_(meta_size) {}
  /// @brief Threads in the group.
  [[nodiscard]] unsigned num_threads() const { return static_cast<unsigned>(std::popcount(mask_)); }
  /// @brief Same as num_threads().
  [[nodiscard]] unsigned size() const { return num_threads(); }
  /// @brief Rank of the running thread: the group's lanes below its own.
  [[nodiscard]] unsigned thread_rank() const {
    return static_cast<unsigned>(std::popcount(mask_ & ((1u << details::lane()) - 1u)));
  }
  /// @brief Rank of the group among those its parent was split into.
  [[nodiscard]] unsigned meta_group_rank() const { return meta_rank_; }
  /// @brief Groups the parent was split into.
  [[nodiscard]] unsigned meta_group_size() const { return meta_size_; }

  /// @brief The group's lanes.
  [[nodiscard]] unsigned simt_mask() const { return mask_; }
  /// @brief Warps the group spans: one.
  [[nodiscard]] static constexpr std::uint8_t simt_span() { return 1; }

#if defined(SIMT_TRANSLATING)
  SIMT_TILE_COLLECTIVES
#else

  /// @brief `__syncwarp` over the group's lanes.
  template <class Where>
  simt::detail::CollectiveAt<Where, simt::detail::WarpSync> sync(Where) const {
    return {simt::detail::WarpSync(mask_)};
  }
  /// @brief The value of `var` in the thread of rank `src_rank` of the group.
  template <class Where, class T>
  simt::detail::CollectiveAt<Where, simt::detail::Shuffle<T, simt::detail::ShuffleMode::idx> > shfl(
      Where, T var, int src_rank) const {
    return {{mask_, var, details::nth_lane(mask_, static_cast<unsigned>(src_rank) % size()), 32}};
  }
  /// @brief The value of `var` `delta` ranks below (its own for the lowest `delta` ranks).
  template <class Where, class T>
  simt::detail::CollectiveAt<Where, simt::detail::Shuffle<T, simt::detail::ShuffleMode::idx> >
  shfl_up(Where, T var, unsigned int delta) const {
    const unsigned rank = thread_rank();
    return {
        {mask_, var, rank >= delta ? details::nth_lane(mask_, rank - delta) : details::lane(), 32}};
  }
  /// @brief The value of `var` `delta` ranks above (its own for the highest `delta` ranks).
  template <class Where, class T>
  simt::detail::CollectiveAt<Where, simt::detail::Shuffle<T, simt::detail::ShuffleMode::idx> >
  shfl_down(Where, T var, unsigned int delta) const {
    const unsigned rank = thread_rank() + delta;
    return {{mask_, var, rank < size() ? details::nth_lane(mask_, rank) : details::lane(), 32}};
  }
  /// @brief The group's ranks whose `predicate` is non-zero (bit i for rank i).
  template <class Where>
  simt::detail::CollectiveAt<Where, simt::detail::Vote<simt::detail::VoteKind::ballot> > ballot(
      Where, int predicate) const {
    return {{mask_, predicate, {0u, mask_}}};
  }
  /// @brief Whether `predicate` is non-zero for any thread of the group.
  template <class Where>
  simt::detail::CollectiveAt<Where, simt::detail::Vote<simt::detail::VoteKind::any> > any(
      Where, int predicate) const {
    return {{mask_, predicate}};
  }
  /// @brief Whether `predicate` is non-zero for every thread of the group.
  template <class Where>
  simt::detail::CollectiveAt<Where, simt::detail::Vote<simt::detail::VoteKind::all> > all(
      Where, int predicate) const {
    return {{mask_, predicate}};
  }
  /// @brief The group's ranks whose `value` equals this thread's.
  template <class Where, class T>
  simt::detail::CollectiveAt<Where, simt::detail::Match<T, false> > match_any(Where,
                                                                              T value) const {
    return {{mask_, value, nullptr, {0u, mask_}}};
  }
  /// @brief All the group's ranks if every thread has the same `value` (`pred` = 1), else 0.
  template <class Where, class T>
  simt::detail::CollectiveAt<Where, simt::detail::Match<T, true> > match_all(Where, T value,
                                                                             int& pred) const {
    return {{mask_, value, &pred, {0u, mask_}}};
  }
#endif

 private:
  unsigned mask_;
  unsigned meta_rank_;
  unsigned meta_size_;
};
#if defined(SIMT_TRANSLATING)
#undef SIMT_TILE_COLLECTIVES
#endif

#if !defined(SIMT_TRANSLATING)
namespace details {
/// @brief `coalesced_threads()`: the lanes that converge here, as a group.
struct CoalescedThreads : simt::detail::Converge {
  [[nodiscard]] coalesced_group result() const noexcept { return coalesced_group(out); }
};
/// @brief A partition of a group by label: the lanes with this lane's label.
template <class T>
struct PartitionBy : simt::detail::Match<T, false> {
  using simt::detail::Match<T, false>::Match;
  [[nodiscard]] coalesced_group result() const noexcept { return coalesced_group(this->out); }
};
}  // namespace details
#endif

#if defined(SIMT_TRANSLATING)
/// @brief The threads of the running warp that are here together.
SIMT_SUSPENDS coalesced_group coalesced_threads();
/// @brief The threads of `group` with the same `label` as the running one.
template <class Group>
SIMT_SUSPENDS coalesced_group labeled_partition(const Group& group, int label);
/// @brief The threads of `group` with the same `predicate` as the running one.
template <class Group>
SIMT_SUSPENDS coalesced_group binary_partition(const Group& group, bool predicate);
#else
template <class Where>
simt::detail::CollectiveAt<Where, details::CoalescedThreads> coalesced_threads(Where) {
  return {};
}
template <class Where, class Group>
simt::detail::CollectiveAt<Where, details::PartitionBy<int> > labeled_partition(Where,
                                                                                const Group& group,
                                                                                int label) {
  static_assert(Group::simt_span() == 1, "labeled_partition is for groups of a warp or less");
  return {{group.simt_mask(), label}};
}
template <class Where, class Group>
simt::detail::CollectiveAt<Where, details::PartitionBy<int> > binary_partition(Where,
                                                                               const Group& group,
                                                                               bool predicate) {
  static_assert(Group::simt_span() == 1, "binary_partition is for groups of a warp or less");
  return {{group.simt_mask(), predicate ? 1 : 0}};
}
#endif

/// @brief Any group of threads, chosen at run time: the block, a tile or a coalesced group.
class thread_group {
 public:
  thread_group(const thread_block&) {}  // NOLINT(google-explicit-constructor): as CUDA's
  template <unsigned Size, class Parent>
  thread_group(const thread_block_tile<Size, Parent>&)  // NOLINT: as CUDA's
      : size_(Size), span_(details::tile_warps(Size)), tile_(true) {}
  thread_group(const coalesced_group& g)  // NOLINT: as CUDA's
      : size_(g.size()), mask_(g.simt_mask()), tile_(false), coalesced_(true) {}

#if defined(SIMT_TRANSLATING)
  SIMT_SUSPENDS void sync() const;
#else
  /// @brief The group's barrier: the block's, or the tile's or coalesced group's warp barrier.
  template <class Where>
  struct SyncAt : simt::detail::WarpSync {
    bool whole_block;
    bool await_ready() const noexcept { return false; }
    std::coroutine_handle<> await_suspend(std::coroutine_handle<> self) {
      if (whole_block)
        return simt::detail::BarrierAt<Where, simt::detail::BarrierKind::block>{}.await_suspend(
            self);
      site = &simt::detail::site_at<Where>;
      return simt::detail::arrive_at_collective(self, *this);
    }
    void await_resume() const noexcept {}
  };
  template <class Where>
  SyncAt<Where> sync(Where) const {
    const unsigned mask = coalesced_ ? mask_ : details::tile_mask(size_, details::lane());
    return {simt::detail::WarpSync(mask, span_), !tile_ && !coalesced_};
  }
#endif
  /// @brief Rank of the running thread in the group.
  [[nodiscard]] unsigned thread_rank() const {
    if (coalesced_)
      return static_cast<unsigned>(std::popcount(mask_ & ((1u << details::lane()) - 1u)));
    return tile_ ? thread_block{}.thread_rank() % size_ : thread_block{}.thread_rank();
  }
  /// @brief Threads in the group.
  [[nodiscard]] unsigned num_threads() const {
    return tile_ || coalesced_ ? size_ : thread_block{}.num_threads();
  }
  /// @brief Same as num_threads().
  [[nodiscard]] unsigned size() const { return num_threads(); }
  /// @brief For the emulator's `wait(group)`: whether the group is the whole block.
  [[nodiscard]] bool simt_is_block() const { return !tile_ && !coalesced_; }
  /// @brief For the emulator's `wait(group)`: the running thread's lanes of the group, in its
  /// warp (a tile's, as thread_block_tile::simt_mask() gives them).
  [[nodiscard]] unsigned simt_mask() const {
    return coalesced_ ? mask_ : details::tile_mask(size_, details::lane());
  }
  /// @brief For the emulator's `wait(group)`: how many warps a tile of the group spans.
  [[nodiscard]] std::uint8_t simt_span() const { return span_; }

 private:
  unsigned size_ = 0;
  unsigned mask_ = 0;
  std::uint8_t span_ = 1;
  bool tile_ = false;
  bool coalesced_ = false;

  // A tile of `size` threads, as the dynamic tiled_partition() makes it.
  struct TileOfSize {
    unsigned size;
  };
  explicit thread_group(TileOfSize tile)
      : size_(tile.size), span_(details::tile_warps(tile.size)), tile_(true) {}
  friend thread_group tiled_partition(const thread_group& parent, unsigned size);
  friend thread_group tiled_partition(const thread_block& parent, unsigned size);
};

/// @brief Splits `parent` into tiles of `size` threads (a power of two; whole warps above 32).
inline thread_group tiled_partition(const thread_group& parent, unsigned size) {
  (void)parent;
  return thread_group(thread_group::TileOfSize{size});
}
inline thread_group tiled_partition(const thread_block& parent, unsigned size) {
  (void)parent;
  return thread_group(thread_group::TileOfSize{size});
}

}  // namespace cooperative_groups
