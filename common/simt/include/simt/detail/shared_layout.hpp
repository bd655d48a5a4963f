#pragma once
/// @file
/// @brief Where each block's shared memory lives: one arena per group of co-scheduled blocks,
/// with every block's static `__shared__` variables at the same offsets (so that distributed
/// shared memory maps an address to the same variable in a peer block). Internal.

#include <simt/detail/site.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace simt::detail {

/// @ingroup simt
/// @brief A shared variable as declared: its name and where (for messages).
struct SharedVariable {
  const Site* declared = nullptr;  ///< The declaration (its text is the variable's name).
  std::size_t offset = 0;          ///< Byte offset in its region.
  std::size_t bytes = 0;           ///< Size (for dynamic memory: what the launch gave).
};

/// @brief Offsets of static `__shared__` variables, assigned in the order threads first reach
/// their declarations; the same for every block of a launch run by one worker.
struct StaticLayout {
  static constexpr std::size_t capacity = 48 * 1024;  ///< The GPU's static shared limit.
  std::vector<SharedVariable> variables;              ///< In offset order.
  std::size_t used = 0;                               ///< Bytes assigned so far.
  /// @brief The offset of the variable declared at `site`, assigned on first use. Throws
  /// KernelError when the variables no longer fit in 48 KiB.
  std::size_t offset_of(const Site* site, std::size_t bytes, std::size_t alignment);
};

/// @brief Which part of a block's shared memory an address is in.
enum class SharedRegion : std::uint8_t { none, static_variables, dynamic };

/// @brief An address resolved to a block's shared memory.
struct SharedPlace {
  std::size_t block = 0;                     ///< Index of the block in the arena.
  SharedRegion region = SharedRegion::none;  ///< none: in the arena but in no variable.
  std::size_t offset = 0;                    ///< Offset in the region.
};

/// @brief The shared memory of a group of blocks, block after block:
/// `[guard][static variables, 48 KiB][dynamic, as launched][guard]...`. The guards and the
/// unused part of the static region catch accesses just outside a variable.
class SharedArena {
 public:
  static constexpr std::size_t guard = 1024;  ///< Bytes between regions (also the alignment).
  /// @brief Room for `blocks` blocks with `dynamic_bytes` of dynamic shared memory each.
  void reserve(std::size_t blocks, std::size_t dynamic_bytes);
  /// @brief Start of block `b`'s static variables.
  [[nodiscard]] std::byte* static_of(std::size_t b) const { return base_ + b * stride_ + guard; }
  /// @brief Start of block `b`'s dynamic shared memory (1024-byte aligned, as on the GPU).
  [[nodiscard]] std::byte* dynamic_of(std::size_t b) const {
    return static_of(b) + StaticLayout::capacity;
  }
  /// @brief Bytes of dynamic shared memory per block.
  [[nodiscard]] std::size_t dynamic_size() const { return dynamic_size_; }
  /// @brief Whether `address` is anywhere in the arena (one comparison: the common question of
  /// the access checks, asked for every access of an instrumented kernel).
  [[nodiscard]] bool contains(const void* address) const {
    return static_cast<std::size_t>(static_cast<const std::byte*>(address) - base_) < size_;
  }
  /// @brief Which block, region and offset `bytes` at `address` are in (the address must be in
  /// the arena). An access that is not wholly inside one of the block's variables (static
  /// variables up to `static_used`, or the dynamic memory) has region none. `likely_block` is
  /// the block the address is most likely in (the running thread's): an address in it is placed
  /// without a division by the arena's stride, which every shared access with the checks on
  /// paid.
  [[nodiscard]] SharedPlace locate(const void* address, std::size_t bytes, std::size_t static_used,
                                   std::size_t likely_block) const;

 private:
  std::unique_ptr<std::byte[]> storage_;
  std::byte* base_ = nullptr;
  std::size_t size_ = 0;
  std::size_t stride_ = 0;
  std::size_t dynamic_size_ = 0;
  std::size_t capacity_ = 0;  ///< Bytes allocated.
};

/// @brief Poison written over shared memory before a block starts: uninitialised reads give
/// NaN for floats and -1 for integers, so tests notice them.
inline constexpr std::byte shared_poison{0xFF};

}  // namespace simt::detail
