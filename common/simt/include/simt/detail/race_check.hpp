#pragma once
/// @file
/// @brief The record the race checks keep of shared memory during a barrier interval, one entry
/// per byte (threads may write different bytes of one word without a race, as on the GPU).
/// Internal.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace simt::detail {

struct UnitState;
struct BlockState;

/// @ingroup simt
/// @brief How a kernel touches memory (what the translation's instrumentation reports).
enum class AccessKind : std::uint8_t { load, store, update };

/// @brief Who touched one byte of shared memory in the current barrier interval, and where.
/// Threads are recorded as rank + 1 (0 = nobody); an entry whose epoch is not the block's
/// current one is stale, as if empty.
struct ShadowByte {
  std::uint32_t epoch = 0;
  std::uint16_t writer = 0, reader = 0, second_reader = 0;
  /// The accessing thread's warp step (the `__syncwarp()`s its warp had passed in this
  /// interval): a later access by a lane of the same warp after another one is ordered after.
  std::uint16_t write_step = 0, read_step = 0, second_read_step = 0;
};

/// @brief Where those accesses were (AccessSites ids), read only to report a race.
struct ShadowSites {
  std::uint32_t write = 0, read = 0, second_read = 0;
};

/// @brief The places in kernel code that accessed shared memory, by id.
struct AccessSites {
  struct Place {
    const char* file;
    unsigned line;
  };
  std::vector<Place> places;
  const char* last_file = nullptr;  ///< The last place asked for (accesses come in runs).
  unsigned last_line = 0;
  std::uint32_t last_id = 0;
  /// @brief The id of `file`:`line`, added on first use.
  std::uint32_t id(const char* file, unsigned line) {
    if (file == last_file && line == last_line) return last_id;
    std::uint32_t found = 0;
    while (found < places.size() && (places[found].file != file || places[found].line != line))
      ++found;
    if (found == places.size()) places.push_back({file, line});
    last_file = file;
    last_line = line;
    return last_id = found;
  }
};

/// @brief A block's shadow of its shared memory (diagnostics on).
struct RaceShadow {
  std::vector<ShadowByte> static_bytes;    ///< One per byte of static variables in use.
  std::vector<ShadowByte> dynamic_bytes;   ///< One per byte of dynamic shared memory.
  std::vector<ShadowSites> static_sites;   ///< Alongside static_bytes.
  std::vector<ShadowSites> dynamic_sites;  ///< Alongside dynamic_bytes.
  std::uint32_t epoch = 0;                 ///< The current barrier interval's stamp.
};

/// @brief Checks an access to the running block's own shared memory against the shadow
/// (throws KernelError naming both accesses on a race) and records it.
void check_race(UnitState& unit, BlockState& block, bool dynamic, std::size_t offset,
                std::size_t bytes, AccessKind kind, const char* file, unsigned line);

}  // namespace simt::detail
