#pragma once
/// @file
/// @brief CUDA's global-memory atomics for host-compiled kernels.
///
/// Blocks run on several CPU threads, so these are real atomic read-modify-writes
/// (`std::atomic_ref`), relaxed like CUDA's: they order nothing but themselves. T is deduced
/// from the address alone, so the value may be anything convertible (a shared-memory element).

#include <atomic>
#include <concepts>
#include <type_traits>

namespace simt::detail {
template <class T>
concept AtomicArithmetic = std::same_as<T, int> || std::same_as<T, unsigned> ||
    std::same_as<T, unsigned long long> || std::same_as<T, float> || std::same_as<T, double>;
template <class T>
concept AtomicInteger =
    std::same_as<T, int> || std::same_as<T, unsigned> || std::same_as<T, unsigned long long>;
}  // namespace simt::detail

/// @brief `*address += value` atomically; returns the old value.
template <simt::detail::AtomicArithmetic T>
T atomicAdd(T* address, std::type_identity_t<T> value) {
  return std::atomic_ref<T>(*address).fetch_add(value, std::memory_order_relaxed);
}
/// @brief `*address -= value` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicSub(T* address, std::type_identity_t<T> value) {
  return std::atomic_ref<T>(*address).fetch_sub(value, std::memory_order_relaxed);
}
/// @brief Stores `value`; returns the old value.
template <simt::detail::AtomicArithmetic T>
T atomicExch(T* address, std::type_identity_t<T> value) {
  return std::atomic_ref<T>(*address).exchange(value, std::memory_order_relaxed);
}
/// @brief `*address = min(*address, value)` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicMin(T* address, std::type_identity_t<T> value) {
  std::atomic_ref<T> ref(*address);
  T old = ref.load(std::memory_order_relaxed);
  while (value < old && !ref.compare_exchange_weak(old, value, std::memory_order_relaxed)) {
  }
  return old;
}
/// @brief `*address = max(*address, value)` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicMax(T* address, std::type_identity_t<T> value) {
  std::atomic_ref<T> ref(*address);
  T old = ref.load(std::memory_order_relaxed);
  while (value > old && !ref.compare_exchange_weak(old, value, std::memory_order_relaxed)) {
  }
  return old;
}
/// @brief Stores `value` if `*address == compare`; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicCAS(T* address, std::type_identity_t<T> compare, std::type_identity_t<T> value) {
  std::atomic_ref<T>(*address).compare_exchange_strong(compare, value, std::memory_order_relaxed);
  return compare;
}
