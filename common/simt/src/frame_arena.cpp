/// @file
/// @brief FrameArena's slow path: a new chunk.

#include <simt/detail/frame_arena.hpp>

#include <algorithm>

namespace simt::detail {

void* FrameArena::allocate_in_next_chunk(std::size_t bytes) {
  // Move on to the first chunk (after the current one) that has room, adding one if none has.
  std::size_t chunk = next_ == nullptr ? 0 : chunk_ + 1;
  while (chunk < chunks_.size() && chunks_[chunk].size < bytes) ++chunk;
  if (chunk == chunks_.size()) {
    const std::size_t size = std::max(chunk_bytes, bytes);
    chunks_.push_back({std::make_unique_for_overwrite<std::byte[]>(size), size});
  }
  chunk_ = chunk;
  next_ = chunks_[chunk].begin.get() + bytes;
  free_ = chunks_[chunk].size - bytes;
  return chunks_[chunk].begin.get();
}

}  // namespace simt::detail
