#pragma once
/// @file
/// @brief Storage for coroutine frames: one arena per worker, reset before each cluster, so that
/// running blocks allocates nothing from the heap once the first ones have warmed it up.

#include <array>
#include <cstddef>
#include <memory>
#include <vector>

namespace simt::detail {

/// @ingroup simt
/// @brief Bump allocator for the frames of kernel threads, with free lists for the frames of
/// `__device__` functions that suspend (those end before their thread does, and a thread may
/// call one in a loop).
class FrameArena {
 public:
  /// @brief `bytes` aligned for any frame, valid until reset(). Every thread of every block
  /// allocates one kernel frame, so the common case is inline: a bump.
  void* allocate(std::size_t bytes) {
    bytes = round_up(bytes);
    if (bytes <= free_) [[likely]] {
      void* frame = next_;
      next_ += bytes;
      free_ -= bytes;
      return frame;
    }
    return allocate_in_next_chunk(bytes);
  }
  /// @brief A frame that will be given back with recycle() when its function returns.
  void* allocate_recyclable(std::size_t bytes) {
    bytes = round_up(bytes);
    const std::size_t size_class = bytes / alignment;
    if (size_class < recycled_.size() && recycled_[size_class] != nullptr) {
      FreeFrame* frame = recycled_[size_class];
      recycled_[size_class] = frame->next;
      return frame;
    }
    return allocate(bytes);
  }
  /// @brief Gives back a frame from allocate_recyclable() for the next frame of its size.
  void recycle(void* frame, std::size_t bytes) noexcept {
    const std::size_t size_class = round_up(bytes) / alignment;
    if (size_class >= recycled_.size()) return;  // large frames stay until reset()
    recycled_[size_class] = new (frame) FreeFrame{recycled_[size_class]};
    recycled_any_ = true;
  }
  /// @brief Forgets every frame handed out; keeps the memory for the next cluster.
  void reset() noexcept {
    chunk_ = 0;
    next_ = chunks_.empty() ? nullptr : chunks_.front().begin.get();
    free_ = chunks_.empty() ? 0 : chunks_.front().size;
    if (recycled_any_) {  // (most kernels recycle nothing: no clearing per block for them)
      recycled_.fill(nullptr);
      recycled_any_ = false;
    }
  }

 private:
  static constexpr std::size_t alignment = alignof(std::max_align_t);
  static constexpr std::size_t chunk_bytes = std::size_t{1} << 20;
  static constexpr std::size_t round_up(std::size_t bytes) {
    return (bytes + alignment - 1) / alignment * alignment;
  }
  struct Chunk {
    std::unique_ptr<std::byte[]> begin;
    std::size_t size;
  };
  struct FreeFrame {
    FreeFrame* next;
  };
  void* allocate_in_next_chunk(std::size_t bytes);
  std::vector<Chunk> chunks_;
  std::size_t chunk_ = 0;      ///< The chunk next_ points into (when there is one).
  std::byte* next_ = nullptr;  ///< Where the next frame goes.
  std::size_t free_ = 0;       ///< Bytes left after next_ in the current chunk.
  /// Free frames by size class (bytes / alignment), up to 4 KiB.
  std::array<FreeFrame*, 4096 / alignment + 1> recycled_{};
  bool recycled_any_ = false;  ///< Some list of recycled_ is not empty.
};

}  // namespace simt::detail
