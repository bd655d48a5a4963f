#pragma once
/// @file
/// @brief Shared memory for host-compiled kernels: per-block storage behind pointer-like and
/// reference-like views.
///
/// A kernel declares shared memory with SIMT_SHARED / SIMT_EXTERN_SHARED (simt/kernel.hpp).
/// On the host those give a simt::shared_pointer (an array, decayed like in C++) or a
/// simt::shared_ref (a scalar) into the running block's own storage. Going through these views
/// rather than raw pointers is what lets each block have its own memory and lets the emulator
/// see every shared access.

#include <simt/detail/thread_context.hpp>

#include <cstddef>
#include <source_location>
#include <type_traits>

namespace simt {

namespace detail {
/// @brief Records a shared-memory access for the diagnostics and the bank counters.
void record_shared_access(const void* address, std::size_t bytes, bool store);
/// @brief The common case, inline: nothing to do unless checking is on.
[[gnu::always_inline]] inline void note_shared_access(const void* address, std::size_t bytes,
                                                      bool store) {
  if (current_thread.checking) [[unlikely]]
    record_shared_access(address, bytes, store);
}
}  // namespace detail

template <class T>
class shared_pointer;

/// @brief An element of shared memory: converts to T to read it, assigns T to write it.
template <class T>
class shared_ref {
 public:
  /// @brief A view of the element at `address`.
  explicit shared_ref(T* address) noexcept : address_(address) {}
  shared_ref(const shared_ref&) = default;

  /// @brief Reads the element.
  operator T() const {  // NOLINT(google-explicit-constructor): acts as T
    detail::note_shared_access(address_, sizeof(T), false);
    return *address_;
  }
  /// @brief Writes the element.
  shared_ref& operator=(const T& value) {
    detail::note_shared_access(address_, sizeof(T), true);
    *address_ = value;
    return *this;
  }
  /// @brief Copies another element's value (`s[i] = s[j]`), not the view.
  shared_ref& operator=(const shared_ref& other) { return *this = static_cast<T>(other); }
  shared_ref& operator+=(const T& v) { return *this = static_cast<T>(*this) + v; }
  shared_ref& operator-=(const T& v) { return *this = static_cast<T>(*this) - v; }
  shared_ref& operator*=(const T& v) { return *this = static_cast<T>(*this) * v; }
  shared_ref& operator/=(const T& v) { return *this = static_cast<T>(*this) / v; }
  shared_ref& operator|=(const T& v) { return *this = static_cast<T>(*this) | v; }
  shared_ref& operator&=(const T& v) { return *this = static_cast<T>(*this) & v; }
  shared_ref& operator^=(const T& v) { return *this = static_cast<T>(*this) ^ v; }
  shared_ref& operator++() { return *this += T{1}; }
  shared_ref& operator--() { return *this -= T{1}; }
  T operator++(int) {
    T old = *this;
    *this = old + T{1};
    return old;
  }
  T operator--(int) {
    T old = *this;
    *this = old - T{1};
    return old;
  }
  /// @brief `&s[i]`: a shared pointer to the element.
  shared_pointer<T> operator&() const noexcept { return shared_pointer<T>(address_); }

 private:
  T* address_;
};

/// @brief A pointer into shared memory: indexing, arithmetic and comparison like `T*`.
/// For arrays of arrays (`float[32][33]`), indexing yields a pointer to the row.
template <class T>
class shared_pointer {
 public:
  shared_pointer() = default;
  /// @brief A view of shared memory at `address`.
  explicit shared_pointer(T* address) noexcept : address_(address) {}

  /// @brief `p[i]`: the element (or, for arrays of arrays, the row) i places on.
  auto operator[](std::ptrdiff_t i) const { return at(address_ + i); }
  /// @brief `*p`.
  auto operator*() const { return at(address_); }
  shared_pointer operator+(std::ptrdiff_t i) const noexcept { return shared_pointer(address_ + i); }
  shared_pointer operator-(std::ptrdiff_t i) const noexcept { return shared_pointer(address_ - i); }
  std::ptrdiff_t operator-(const shared_pointer& other) const noexcept {
    return address_ - other.address_;
  }
  shared_pointer& operator+=(std::ptrdiff_t i) noexcept {
    address_ += i;
    return *this;
  }
  shared_pointer& operator-=(std::ptrdiff_t i) noexcept {
    address_ -= i;
    return *this;
  }
  shared_pointer& operator++() noexcept {
    ++address_;
    return *this;
  }
  shared_pointer& operator--() noexcept {
    --address_;
    return *this;
  }
  friend bool operator==(const shared_pointer&, const shared_pointer&) = default;
  friend auto operator<=>(const shared_pointer&, const shared_pointer&) = default;

  /// @brief The host address (for the emulator itself).
  [[nodiscard]] T* address() const noexcept { return address_; }

 private:
  static auto at(T* address) {
    if constexpr (std::is_array_v<T>)
      return shared_pointer<std::remove_extent_t<T>>(*address);
    else
      return shared_ref<T>(address);
  }
  T* address_ = nullptr;
};

template <class T>
shared_pointer<T> operator+(std::ptrdiff_t i, const shared_pointer<T>& p) noexcept {
  return p + i;
}

namespace detail {

/// @brief Offset of the static `__shared__` variable identified by `key` (the address of a
/// per-declaration constant), assigned the first time any block of this worker declares it.
std::size_t static_shared_offset(const void* key, std::size_t bytes, std::size_t alignment,
                                 const char* name, const std::source_location& declared);

/// @brief Notes how the kernel names its dynamic shared memory (for messages). Every thread
/// declares it, so a declaration the block already knows costs two compares.
inline void name_dynamic_shared(const char* name, const std::source_location& declared) {
  SharedVariable& variable = current_thread.block->shared.dynamic_variable;
  if (variable.name != name || !same_location(variable.declared, declared)) [[unlikely]]
    variable = SharedVariable{name, declared, 0, 0};
}

/// @brief The running block's copy of a static shared variable of type T (scalar or array).
template <class T>
auto static_shared(const void* key, const char* name, const std::source_location& declared) {
  const std::size_t offset = static_shared_offset(key, sizeof(T), alignof(T), name, declared);
  T* object = reinterpret_cast<T*>(current_thread.block->shared.static_bytes.get() + offset);
  if constexpr (std::is_array_v<T>)
    return shared_pointer<std::remove_extent_t<T>>(*object);
  else
    return shared_ref<T>(object);
}

/// @brief The running block's dynamic shared memory as an array of T.
template <class T>
shared_pointer<T> dynamic_shared(const char* name, const std::source_location& declared) {
  name_dynamic_shared(name, declared);
  return shared_pointer<T>(reinterpret_cast<T*>(current_thread.block->shared.dynamic_bytes.get()));
}

}  // namespace detail
}  // namespace simt

// Atomics on shared memory. The blocks of a cluster share one worker thread, so an atomic on
// shared memory (the block's own or a peer's) needs no hardware atomic; it is still one
// indivisible read-modify-write, as on the GPU.

/// @brief `*address += value`; returns the old value.
template <class T>
T atomicAdd(simt::shared_pointer<T> address, std::type_identity_t<T> value) {
  T* p = address.address();
  const T old = *p;
  *p = old + value;
  return old;
}
/// @brief `*address -= value`; returns the old value.
template <class T>
T atomicSub(simt::shared_pointer<T> address, std::type_identity_t<T> value) {
  T* p = address.address();
  const T old = *p;
  *p = old - value;
  return old;
}
/// @brief `*address = max(*address, value)`; returns the old value.
template <class T>
T atomicMax(simt::shared_pointer<T> address, std::type_identity_t<T> value) {
  T* p = address.address();
  const T old = *p;
  if (value > old) *p = value;
  return old;
}
/// @brief `*address = min(*address, value)`; returns the old value.
template <class T>
T atomicMin(simt::shared_pointer<T> address, std::type_identity_t<T> value) {
  T* p = address.address();
  const T old = *p;
  if (value < old) *p = value;
  return old;
}
/// @brief Stores `value`; returns the old value.
template <class T>
T atomicExch(simt::shared_pointer<T> address, std::type_identity_t<T> value) {
  T* p = address.address();
  const T old = *p;
  *p = value;
  return old;
}
