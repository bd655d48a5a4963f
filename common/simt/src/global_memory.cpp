/// @file
/// @brief The emulator's global allocations: where each is, how big, where it was made; the
/// bounds check of a kernel's accesses against them; and the copies of checked() arguments.

#include <simt/detail/global_bounds.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/global_memory.hpp>
#include <simt/launch.hpp>
#include "describe.hpp"
#include "host_threads.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <map>
#include <new>
#include <optional>
#include <sstream>
#include <string>

namespace simt::detail {

std::atomic<std::uint64_t> global_allocations_changed{0};
constinit thread_local ClearedGlobalRanges cleared_global_ranges{};

namespace {

// cudaMalloc guarantees 256 bytes; 512 is an H100's textureAlignment, which memory from
// cudaMallocPitch meets there, so that it can back a texture object.
constexpr std::size_t alignment = 512;

/// One allocation: its bytes, and the guard bytes around them that belong to it.
struct Allocation {
  std::byte* block;  ///< What operator new returned: the front guard starts here,
  std::byte* data;   ///< the program's bytes here,
  std::size_t bytes;
  std::byte* end_of_block;  ///< and the back guard ends here.
  std::size_t element_bytes;
  std::source_location where;
  const char* how;
};

/// Every live allocation, by the address of its block. Kernels look addresses up (shared
/// lock); allocations come and go from host code (exclusive lock).
class Registry {
 public:
  void add(const Allocation& allocation) {
    std::lock_guard lock(mutex_);
    by_block_.emplace(allocation.block, allocation);
    global_allocations_changed.fetch_add(1, std::memory_order_release);
  }
  /// Forgets the allocation whose bytes start at `data`; returns its block (null for none).
  std::byte* remove(const void* data) {
    std::lock_guard lock(mutex_);
    const auto found = by_block_.find(static_cast<const std::byte*>(data) - global_guard_bytes);
    if (found == by_block_.end() || found->second.data != data) return nullptr;
    std::byte* block = found->second.block;
    by_block_.erase(found);
    global_allocations_changed.fetch_add(1, std::memory_order_release);
    return block;
  }

  /// What holds `address`: an allocation (its block holds the address), or else the range
  /// between the blocks around it, which no allocation owns.
  struct Found {
    std::uintptr_t begin;  ///< Where the allocation's bytes, or the free range, begin
    std::uintptr_t end;    ///< and end.
    std::optional<Allocation> allocation;
  };
  [[nodiscard]] Found find(const std::byte* address) const {
    SharedLock lock(mutex_);
    auto after = by_block_.upper_bound(address);
    const std::uintptr_t gap_end = after == by_block_.end() ? UINTPTR_MAX : at(after->first);
    if (after != by_block_.begin()) {
      const Allocation& before = std::prev(after)->second;
      if (address < before.end_of_block)
        return {at(before.data), at(before.data + before.bytes), before};
      return {at(before.end_of_block), gap_end, std::nullopt};
    }
    return {0, gap_end, std::nullopt};
  }
  static std::uintptr_t at(const std::byte* p) { return reinterpret_cast<std::uintptr_t>(p); }

 private:
  mutable HostSharedMutex mutex_;
  std::map<const std::byte*, Allocation> by_block_;
};

Registry& registry() {
  static Registry instance;
  return instance;
}

std::string describe_allocation(const Allocation& a) {
  std::ostringstream text;
  text << "an allocation of ";
  if (a.element_bytes > 1)
    text << a.bytes / a.element_bytes << " elements of " << a.element_bytes << " bytes (" << a.bytes
         << " bytes)";
  else
    text << a.bytes << " bytes";
  text << " made by " << a.how;
  // A default source_location (line 0): the runtime API's allocations, whose caller is unknown.
  if (a.where.line() != 0) text << " at " << where(a.where.file_name(), a.where.line());
  return text.str();
}

[[noreturn]] void report_out_of_bounds(const Allocation& a, const std::byte* first,
                                       std::size_t bytes, AccessKind kind, const char* file,
                                       unsigned line) {
  const UnitState& unit = *current_thread.unit;
  std::ostringstream message;
  message << "out-of-bounds global memory access in kernel '" << kernel_name(unit, nullptr)
          << "' at " << (file != nullptr ? where(file, line) : "an atomic function") << ": thread "
          << index_text(current_thread.slot->index) << " of block "
          << index_text(current_thread.block_idx) << " " << verb(kind) << " " << bytes << " bytes ";
  const std::ptrdiff_t offset = first - a.data;
  const auto size = static_cast<std::ptrdiff_t>(a.bytes);
  const auto element = static_cast<std::ptrdiff_t>(a.element_bytes);
  if (element > 1 && offset % element == 0)
    message << "at element " << offset / element << " (byte " << offset << ")";
  else
    message << "at byte " << offset;
  if (offset < 0)
    message << ", before the start of ";
  else if (offset == size)
    message << ", just past the end of ";
  else if (offset > size)
    message << ", " << offset - size << " bytes past the end of ";
  else
    message << ", the last " << offset + static_cast<std::ptrdiff_t>(bytes) - size
            << " of them past the end of ";
  message << describe_allocation(a)
          << ". On the GPU the access reaches whatever memory lies there, silently or with "
             "cudaErrorIllegalAddress; compute-sanitizer's memcheck reports it.";
  throw KernelError(message.str(), 700);  // cudaErrorIllegalAddress
}

#if defined(__wasi__)
// WebAssembly maps address 0: a null pointer's access lands in the module's own memory where a
// CPU faults (and fault_signals.cpp reports it). The first page is reported here instead.
constexpr std::uintptr_t null_page_bytes = 4096;

[[noreturn]] void report_null_access(const void* address, std::size_t bytes, AccessKind kind,
                                     const char* file, unsigned line) {
  std::ostringstream message;
  message << "null-pointer access in kernel '" << kernel_name(*current_thread.unit, nullptr)
          << "' at " << (file != nullptr ? where(file, line) : "an atomic function") << ": thread "
          << index_text(current_thread.slot->index) << " of block "
          << index_text(current_thread.block_idx) << " " << verb(kind) << " " << bytes
          << " bytes at address 0x" << std::hex << reinterpret_cast<std::uintptr_t>(address)
          << ". On the GPU this is cudaErrorIllegalAddress (compute-sanitizer's memcheck names "
             "the access).";
  throw KernelError(message.str(), 700);  // cudaErrorIllegalAddress
}
#endif

}  // namespace

void check_global_access(const void* address, std::size_t bytes, AccessKind kind, const char* file,
                         unsigned line) {
#if defined(__wasi__)
  if (reinterpret_cast<std::uintptr_t>(address) < null_page_bytes)
    report_null_access(address, bytes, kind, file, line);
#endif
  const std::uint64_t generation = global_allocations_changed.load(std::memory_order_acquire);
  ClearedGlobalRanges& cleared = cleared_global_ranges;
  if (cleared.generation != generation) cleared = ClearedGlobalRanges{.generation = generation};
  const auto* first = static_cast<const std::byte*>(address);
  const Registry::Found found = registry().find(first);
  if (found.allocation) {
    const Allocation& a = *found.allocation;
    if (first < a.data || first >= a.data + a.bytes ||
        bytes > std::size_t(a.data + a.bytes - first))
      report_out_of_bounds(a, first, bytes, kind, file, line);
  }
  // Otherwise memory no allocation owns (a plain host array, a local variable): not checked.
  std::uint32_t slot = cleared.added++;
  if (slot >= std::size(cleared.ranges)) {
    // Scattered by Fibonacci hashing of the count (the top three bits of count * 2^32 / phi):
    // taken in turn, a kernel's arrays one more than the ranges would replace each other at
    // every access.
    static_assert(std::size(ClearedGlobalRanges{}.ranges) == 8);
    slot = (slot * 2654435769u) >> 29;
  }
  cleared.ranges[slot] = {found.begin, found.end};
}

void* allocate_global(std::size_t bytes, std::size_t element_bytes, std::source_location where,
                      const char* how) {
  // The back guard starts where the bytes end, so that an access one byte past is reported;
  // it runs to a multiple of the alignment at least global_guard_bytes on.
  const std::size_t front = global_guard_bytes;
  const std::size_t rounded = (bytes + alignment - 1) / alignment * alignment;
  if (bytes > SIZE_MAX - 2 * front - alignment) throw std::bad_alloc();
  const std::size_t total = front + rounded + global_guard_bytes;
  auto* block = static_cast<std::byte*>(::operator new (total, std::align_val_t{alignment}));
  registry().add(Allocation{block, block + front, bytes, block + total,
                            element_bytes == 0 ? 1 : element_bytes, where, how});
  return block + front;
}

void CheckedArguments::note_array(const volatile void* data, std::size_t bytes,
                                  std::size_t element_bytes, bool writable,
                                  std::source_location where) {
  if (!settings().diagnostics) return;
  arrays_.push_back(Array{static_cast<std::byte*>(const_cast<void*>(data)), bytes, element_bytes,
                          writable, where});
}

void CheckedArguments::prepare() {
  if (arrays_.empty()) return;
  // Arrays that overlap (an in-place kernel's input and output) share one copy, so that a
  // write through one is seen through the other, as on the GPU.
  std::vector<std::size_t> order(arrays_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return arrays_[a].data < arrays_[b].data; });
  for (const std::size_t i : order) {
    Array& array = arrays_[i];
    if (copies_.empty() || array.data >= copies_.back().end)
      copies_.push_back(Copy{array.data, array.data + array.bytes, nullptr, false,
                             array.element_bytes, array.where});
    Copy& copy = copies_.back();
    copy.end = std::max(copy.end, array.data + array.bytes);
    copy.writable = copy.writable || array.writable;
    array.copy = copies_.size() - 1;
  }
  for (Copy& copy : copies_) {
    const auto bytes = static_cast<std::size_t>(copy.end - copy.begin);
    // Messages count elements only where the arrays sharing the copy make whole ones.
    const std::size_t element_bytes = bytes % copy.element_bytes == 0 ? copy.element_bytes : 1;
    copy.copy =
        static_cast<std::byte*>(allocate_global(bytes, element_bytes, copy.where, "simt::checked"));
    if (bytes != 0) std::memcpy(copy.copy, copy.begin, bytes);
  }
}

void* CheckedArguments::copy_of(const volatile void* data) const {
  auto* plain = static_cast<std::byte*>(const_cast<void*>(data));
  for (const Array& array : arrays_)
    if (array.data == plain) {
      const Copy& copy = copies_[array.copy];
      return copy.copy + (plain - copy.begin);
    }
  return plain;
}

CheckedArguments::~CheckedArguments() {
  for (const Copy& copy : copies_) {
    if (copy.copy == nullptr) continue;
    if (copy.writable && copy.end != copy.begin)
      std::memcpy(copy.begin, copy.copy, static_cast<std::size_t>(copy.end - copy.begin));
    free_global(copy.copy);
  }
}

}  // namespace simt::detail

namespace simt {

void* allocate_global(std::size_t bytes, std::size_t element_bytes, std::source_location where) {
  return detail::allocate_global(bytes, element_bytes, where, "simt::allocate_global");
}

void free_global(void* pointer) noexcept { detail::release_global(pointer); }

namespace detail {

bool release_global(void* pointer) noexcept {
  if (pointer == nullptr) return false;
  std::byte* block = registry().remove(pointer);
  if (block == nullptr) return false;
  ::operator delete (block, std::align_val_t{alignment});
  return true;
}

AllocationSpan allocation_holding(const void* address) {
  const auto* p = static_cast<const std::byte*>(address);
  const Registry::Found found = registry().find(p);
  if (!found.allocation) return {};
  const Allocation& a = *found.allocation;
  if (p < a.data || p >= a.data + a.bytes) return {};
  return {a.data, a.bytes};
}

}  // namespace detail

}  // namespace simt
