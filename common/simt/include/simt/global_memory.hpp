#pragma once
/// @file
/// @brief Global memory whose bounds the emulator checks (with Settings::diagnostics on): the
/// emulator's counterpart of `cudaMalloc` and `cudaMallocManaged` (allocate_global(),
/// GlobalArray), and launch arguments a program wraps in simt::checked(), which the launch runs
/// on such an allocation, copied in and out as `cudaMemcpy` would copy them for the GPU.
///
/// Every allocation has global_guard_bytes of no-man's-land on each side. A checked access of a
/// kernel that lands there, or runs past the end, is reported as a simt::KernelError naming the
/// kernel, thread, block, line, the allocation's size and where it was made. An access to
/// memory the emulator did not allocate (a `std::vector`'s data passed as a plain pointer, say)
/// cannot be checked: it happens as the program wrote it. This header has no CUDA dependency.

#include <cstddef>
#include <memory>
#include <ranges>
#include <source_location>
#include <type_traits>
#include <utility>
#include <vector>

namespace simt {

/// @ingroup simt
/// @brief Bytes on each side of an emulator allocation that belong to no array: an access there
/// is reported (with checks on) instead of reaching another array. On the GPU the same access
/// lands silently in whatever memory is there.
inline constexpr std::size_t global_guard_bytes = 64 * 1024;

/// @ingroup simt
/// @brief `bytes` bytes of global memory, 256-byte aligned (as `cudaMalloc` aligns them),
/// uninitialised, for kernels launched on the emulator; like `cudaMalloc` and
/// `cudaMallocManaged` (host code and kernels share it). `element_bytes` is only for messages
/// ("element 1000 of 1000"). Throws std::bad_alloc when the memory cannot be had.
[[nodiscard]] void* allocate_global(std::size_t bytes, std::size_t element_bytes = 1,
                                    std::source_location where = std::source_location::current());

/// @ingroup simt
/// @brief Frees what allocate_global() returned, like `cudaFree`; null is ignored.
void free_global(void* pointer) noexcept;

namespace detail {
/// @brief allocate_global(), naming in messages the call that made the allocation (`how`).
void* allocate_global(std::size_t bytes, std::size_t element_bytes, std::source_location where,
                      const char* how);
/// @brief free_global(), answering whether `pointer` was an allocation's start (`cudaFree` of
/// anything else is `cudaErrorInvalidValue`).
bool release_global(void* pointer) noexcept;
/// @brief An allocation's bytes.
struct AllocationSpan {
  std::byte* data = nullptr;  ///< Null: the address is in no allocation.
  std::size_t bytes = 0;
};
/// @brief The allocation whose bytes hold `address`, if any (its guard bytes do not count).
AllocationSpan allocation_holding(const void* address);
}  // namespace detail

/// @ingroup simt
/// @brief `count` value-initialised elements of global memory (allocate_global()), freed when
/// the array goes: what `tutorial::DeviceBuffer` is on the GPU, and bounds-checked.
template <class T>
class GlobalArray {
  static_assert(std::is_trivially_destructible_v<T>,
                "global memory holds what CUDA copies bitwise: nothing to destroy");

 public:
  /// @brief No elements, and no allocation.
  GlobalArray() = default;
  /// @brief `count` elements, value-initialised.
  explicit GlobalArray(std::size_t count,
                       std::source_location where = std::source_location::current())
      : data_(static_cast<T*>(
            detail::allocate_global(count * sizeof(T), sizeof(T), where, "simt::GlobalArray"))),
        count_(count) {
    std::uninitialized_value_construct_n(data_.get(), count);
  }
  /// @brief Takes `other`'s allocation, leaving it empty.
  GlobalArray(GlobalArray&& other) noexcept
      : data_(std::move(other.data_)), count_(std::exchange(other.count_, 0)) {}
  /// @brief Frees this array's allocation and takes `other`'s, leaving it empty.
  GlobalArray& operator=(GlobalArray&& other) noexcept {
    data_ = std::move(other.data_);
    count_ = std::exchange(other.count_, 0);
    return *this;
  }
  /// @brief The pointer to pass to a kernel.
  [[nodiscard]] T* data() const noexcept { return data_.get(); }
  /// @brief Number of elements.
  [[nodiscard]] std::size_t size() const noexcept { return count_; }
  [[nodiscard]] T* begin() const noexcept { return data(); }              ///< First element.
  [[nodiscard]] T* end() const noexcept { return data() + count_; }       ///< Past the last.
  [[nodiscard]] T& operator[](std::size_t i) const { return data()[i]; }  ///< Element i.

 private:
  struct Free {
    void operator()(T* p) const noexcept { free_global(p); }
  };
  std::unique_ptr<T, Free> data_;
  std::size_t count_ = 0;
};

/// @ingroup simt
/// @brief A launch argument whose bounds the emulator checks: see simt::checked().
template <class T>
struct Checked {
  T* data = nullptr;           ///< The program's array.
  std::size_t count = 0;       ///< Its elements.
  std::source_location where;  ///< Where the program wrapped it.
};

/// @ingroup simt
/// @brief Marks a contiguous array (a `std::vector`, a `std::span`, ...) passed to
/// simt::launch() for a pointer parameter as one whose bounds the kernel must keep: with
/// Settings::diagnostics on, the launch copies it into an emulator allocation (allocate_global())
/// with guard bytes on each side, runs the kernel on that copy, and copies it back unless its
/// elements are const, as a program copies an array to the GPU and back. Arguments that overlap
/// share one copy (an in-place kernel's input and output), and so one extent. With diagnostics
/// off the kernel gets the array itself. While the launch runs, the kernel must reach the array
/// only through this argument (a pointer to it stored elsewhere would see the original).
template <std::ranges::contiguous_range R>
[[nodiscard]] auto checked(R&& range,
                           std::source_location where = std::source_location::current()) {
  using T = std::remove_reference_t<std::ranges::range_reference_t<R>>;
  return Checked<T>{std::ranges::data(range), std::ranges::size(range), where};
}

/// @ingroup simt
/// @brief checked() for `count` elements at `data`.
template <class T>
[[nodiscard]] Checked<T> checked(T* data, std::size_t count,
                                 std::source_location where = std::source_location::current()) {
  return Checked<T>{data, count, where};
}

namespace detail {

template <class A>
inline constexpr bool is_checked = false;
template <class T>
inline constexpr bool is_checked<Checked<T>> = true;

/// @brief The emulator's copies of one launch's checked() arguments (with diagnostics on):
/// note() every argument, prepare(), then pass() each one; the copies go back and are freed
/// when the object goes, after the launch.
class CheckedArguments {
 public:
  CheckedArguments() = default;
  CheckedArguments(const CheckedArguments&) = delete;
  CheckedArguments& operator=(const CheckedArguments&) = delete;
  ~CheckedArguments();

  /// @brief Takes note of a checked() argument (others are passed unchanged).
  template <class A>
  void note(const A& argument) {
    if constexpr (is_checked<A>)
      note_array(argument.data, argument.count * sizeof(*argument.data), sizeof(*argument.data),
                 !std::is_const_v<std::remove_pointer_t<decltype(argument.data)>>, argument.where);
  }
  /// @brief Makes the copies of the arrays noted.
  void prepare();
  /// @brief The value the kernel gets for `argument`: for a checked() array, a pointer into its
  /// copy (or the array itself with diagnostics off).
  template <class A>
  decltype(auto) pass(A&& argument) const {
    if constexpr (is_checked<std::remove_cvref_t<A>>)
      return static_cast<decltype(argument.data)>(copy_of(argument.data));
    else
      return std::forward<A>(argument);
  }

 private:
  struct Array {
    std::byte* data;
    std::size_t bytes;
    std::size_t element_bytes;
    bool writable;
    std::source_location where;
    std::size_t copy = 0;  ///< Its entry in copies_.
  };
  struct Copy {
    std::byte* begin;  ///< The first byte of the arrays it holds,
    std::byte* end;    ///< and the byte past their last.
    std::byte* copy;
    bool writable;               ///< Some array it holds is not const: it goes back.
    std::size_t element_bytes;   ///< Of the array at `begin`, which also names it in messages
    std::source_location where;  ///< by the line that wrapped it.
  };
  void note_array(const volatile void* data, std::size_t bytes, std::size_t element_bytes,
                  bool writable, std::source_location where);
  [[nodiscard]] void* copy_of(const volatile void* data) const;
  std::vector<Array> arrays_;
  std::vector<Copy> copies_;
};

}  // namespace detail
}  // namespace simt
