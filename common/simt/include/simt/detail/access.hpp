#pragma once
/// @file
/// @brief The translation's instrumentation: every memory access of kernel code goes through
/// load(), store() or update(), which return the address they are given. With checks off that is
/// one test of a thread-local flag; with checks on, accesses to shared memory feed the race
/// checks and the bank-conflict counters. Internal.
///
/// `s[i] += x` becomes `*update(&s[i], __FILE__, __LINE__) += x`: the same lvalue, so types,
/// `volatile` and references are untouched. They are `constexpr`, as a `constexpr __device__`
/// function's accesses must be.

#include <simt/detail/race_check.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <cstddef>
#include <type_traits>

namespace simt::detail {

/// @ingroup simt
/// @brief Records an access to the unit's shared memory (checking on).
void record_shared_access(const void* address, std::size_t bytes, AccessKind kind, const char* file,
                          unsigned line);

/// @brief Reports an access to `bytes` at `address` when checking is on and it is shared memory.
[[gnu::always_inline]] inline void observe(const volatile void* address, std::size_t bytes,
                                           AccessKind kind, const char* file, unsigned line) {
  if (current_thread.checking) [[unlikely]] {
    const void* plain = const_cast<const void*>(address);  // volatile or not, the same byte
    if (current_thread.unit->arena.contains(plain))
      record_shared_access(plain, bytes, kind, file, line);
  }
}

/// @brief A read of `*address`.
template <class T>
[[gnu::always_inline]] constexpr T* load(T* address, const char* file, unsigned line) {
  if (!std::is_constant_evaluated()) observe(address, sizeof(T), AccessKind::load, file, line);
  return address;
}
/// @brief A write of `*address`.
template <class T>
[[gnu::always_inline]] constexpr T* store(T* address, const char* file, unsigned line) {
  if (!std::is_constant_evaluated()) observe(address, sizeof(T), AccessKind::store, file, line);
  return address;
}
/// @brief A read-modify-write of `*address` (`+=`, `++`).
template <class T>
[[gnu::always_inline]] constexpr T* update(T* address, const char* file, unsigned line) {
  if (!std::is_constant_evaluated()) observe(address, sizeof(T), AccessKind::update, file, line);
  return address;
}

}  // namespace simt::detail
