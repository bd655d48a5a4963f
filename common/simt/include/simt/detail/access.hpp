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

#include <simt/detail/heartbeat.hpp>
#include <simt/detail/initialisation_check.hpp>
#include <simt/detail/race_check.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>

#include <cstddef>
#include <type_traits>

namespace simt::detail {

/// @ingroup simt
/// @brief Records an access to the unit's shared memory (checking on).
/// `whole_object`: the access is to an object of class type (whose padding is never written).
void record_shared_access(const void* address, std::size_t bytes, AccessKind kind,
                          bool whole_object, const char* file, unsigned line);

/// @brief Reports an access to `bytes` at `address` when checking is on and it is shared memory.
[[gnu::always_inline]] inline void observe(const volatile void* address, std::size_t bytes,
                                           AccessKind kind, bool whole_object, const char* file,
                                           unsigned line) {
  if (current_thread.checking) [[unlikely]] {
    note_progress(file, line);
    const void* plain = const_cast<const void*>(address);  // volatile or not, the same byte
    if (current_thread.unit->arena.contains(plain))
      record_shared_access(plain, bytes, kind, whole_object, file, line);
  }
}

/// @brief A read of `*address`.
template <class T>
[[gnu::always_inline]] constexpr T* load(T* address, const char* file, unsigned line) {
  if (!std::is_constant_evaluated())
    observe(address, sizeof(T), AccessKind::load, !std::is_scalar_v<T>, file, line);
  return address;
}
/// @brief A write of `*address`.
template <class T>
[[gnu::always_inline]] constexpr T* store(T* address, const char* file, unsigned line) {
  if (!std::is_constant_evaluated())
    observe(address, sizeof(T), AccessKind::store, !std::is_scalar_v<T>, file, line);
  return address;
}
/// @brief A read-modify-write of `*address` (`+=`, `++`).
template <class T>
[[gnu::always_inline]] constexpr T* update(T* address, const char* file, unsigned line) {
  if (!std::is_constant_evaluated())
    observe(address, sizeof(T), AccessKind::update, !std::is_scalar_v<T>, file, line);
  return address;
}

/// @brief Shared memory written by an atomic function (checking on): its bytes count as
/// written; atomics are not races, so they take no other part in the checks.
[[gnu::always_inline]] inline void observe_atomic(const void* address, std::size_t bytes) {
  if (current_thread.checking) [[unlikely]] {
    note_progress(nullptr, 0);
    note_shared_written(address, bytes);
  }
}

}  // namespace simt::detail
