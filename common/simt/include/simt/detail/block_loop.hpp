#pragma once
/// @file
/// @brief A kernel whose block barriers the whole block reaches together, run as loops over the
/// block's threads: the translation (rewrites/block_loops.py) turns the statements between two
/// barriers into a lambda that threads() calls once per thread, and each barrier into
/// barrier(). Internal.
///
/// The threads run in the order of the block's chain, as the coroutines of the same kernel would
/// (shuffled too, with the shuffle seed), each with its slot as the running thread, so accesses
/// are checked and counted the same; a barrier ends the interval as the scheduler does. What
/// a thread keeps from one interval to the next is in a record per thread (locals()).

#include <simt/detail/heartbeat.hpp>
#include <simt/detail/site.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <cstddef>
#include <cstring>
#include <type_traits>

namespace simt::detail {

/// @brief Ends the interval of the running block at `site` (every thread that has not returned
/// has reached it): the scheduler's work at a released block barrier. False once every thread
/// of the block has returned.
bool pass_block_loop_barrier(const Site& site);
/// @brief Drops the threads that returned from the running block's chain; false once every
/// thread of the block has.
bool drop_returned_threads();

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

  /// @brief Runs `region` for every thread of the block that has not returned, in the chain's
  /// order; a thread whose region returns false has returned from the kernel. False once every
  /// thread of the block has.
  template <class Locals, class Region>
  [[gnu::always_inline]] bool threads(Locals* locals, Region&& region) const {
    BlockScheduling& s = current_thread.block->scheduling;
    ThreadSlot* const order = s.chain.data();
    const std::size_t count = s.chain.size() - 1;
    bool returned = false;
    // Two copies of the loop, as simt::detail::plain_block_twin has: in the first the compiler
    // knows that nothing is checked or watched, and folds each access's check out of it.
    const auto run = [&]<bool Plain>(std::bool_constant<Plain>) {
      for (std::size_t i = 0; i < count; ++i) {
        current_thread.slot = order + i;
        if constexpr (Plain) {
          if (current_thread.heartbeat != nullptr || current_thread.checking)
            __builtin_unreachable();
        } else if (current_thread.heartbeat != nullptr) {
          note_progress(nullptr, 0);
        }
        if (!region(locals[order[i].rank])) [[unlikely]] {
          const unsigned rank = order[i].rank;
          s.exited.push_back(rank);
          s.warps[warp_of(rank)].exited |= 1u << lane_of(rank);
          returned = true;
        }
      }
    };
    if (current_thread.heartbeat == nullptr && !current_thread.checking)
      run(std::true_type{});
    else
      run(std::false_type{});
    return !returned || drop_returned_threads();
  }

  /// @brief The block barrier at the place `Where` (a SIMT_SITE tag), reached by every thread
  /// that has not returned.
  template <class Where>
  bool barrier(Where) const {
    return pass_block_loop_barrier(site_at<Where>);
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
