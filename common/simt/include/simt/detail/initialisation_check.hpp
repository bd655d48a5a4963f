#pragma once
/// @file
/// @brief The uninitialised-read check (diagnostics on): which bytes of a block's shared memory
/// some thread has written since the block started, and the first read of a byte none has.
/// Internal.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace simt::detail {

struct UnitState;
struct BlockState;

/// @brief Per byte of a block's shared memory, the stamp of the block's life in which it was
/// last written: a byte is written iff its stamp is the block's current one, so a new block on
/// the same arena slot needs no clearing.
struct WrittenBytes {
  std::vector<std::uint32_t> static_bytes;   ///< One per byte of static variables in use.
  std::vector<std::uint32_t> dynamic_bytes;  ///< One per byte of dynamic shared memory.
  std::uint32_t life = 0;                    ///< This block's stamp (set when it starts).
  /// The report of the first read of unwritten bytes in the current barrier interval (empty:
  /// none). It is thrown when the interval ends, so that a write by another thread later in the
  /// interval is reported as the race it is, not as an uninitialised read.
  std::string first_unwritten_read;
};

/// @brief Marks `bytes` at `offset` of `owner`'s static or dynamic shared memory as written.
void note_written(UnitState& unit, BlockState& owner, bool dynamic, std::size_t offset,
                  std::size_t bytes);

/// @brief Checks a read by the running thread (of block `reader`) of `bytes` at `offset` of
/// `owner`'s shared memory. A read of bytes no thread of `owner` has written since it started,
/// and that still hold the poison the block started with, is noted for the end of the interval.
/// `whole_object`: a read of a class object, reported only if none of its bytes was written
/// (padding is never written member by member); a scalar is reported if any byte was not.
void check_written(UnitState& unit, BlockState& reader, BlockState& owner, bool dynamic,
                   std::size_t offset, std::size_t bytes, bool whole_object, const char* file,
                   unsigned line);

/// @brief Marks shared memory written by something other than an instrumented access (an
/// atomic function, an asynchronous copy): `address` may be anywhere; only the unit's shared
/// memory is marked.
void note_shared_written(const void* address, std::size_t bytes);

/// @brief Throws the KernelError of `block`'s first unwritten read in the interval now ending,
/// if there was one.
void report_unwritten_read(BlockState& block);

}  // namespace simt::detail
