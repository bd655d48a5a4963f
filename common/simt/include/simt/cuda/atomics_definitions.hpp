#pragma once
/// @file
/// @brief The definitions of CUDA's atomic functions (simt/cuda/atomics.hpp), for compiled
/// translations only: the translator's parse needs their declarations, not <atomic>.

#include <simt/cuda/atomics.hpp>
#include <simt/detail/access_checks.hpp>

#include <atomic>
#include <type_traits>

namespace simt::detail {
/// @brief Applies `next(old)` to `*address` atomically; returns the old value.
template <class T, class Next>
T atomic_update(T* address, Next next) {
  std::atomic_ref<T> ref(*address);
  T old = ref.load(std::memory_order_relaxed);
  while (!ref.compare_exchange_weak(old, next(old), std::memory_order_relaxed)) {
  }
  return old;
}
}  // namespace simt::detail

/// @brief `*address += value` atomically; returns the old value.
template <simt::detail::AtomicArithmetic T>
T atomicAdd(T* address, std::type_identity_t<T> value) {
  simt::detail::observe_atomic(address, sizeof(T));
  return std::atomic_ref<T>(*address).fetch_add(value, std::memory_order_relaxed);
}
/// @brief `*address -= value` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicSub(T* address, std::type_identity_t<T> value) {
  simt::detail::observe_atomic(address, sizeof(T));
  return std::atomic_ref<T>(*address).fetch_sub(value, std::memory_order_relaxed);
}
/// @brief Stores `value`; returns the old value.
template <simt::detail::AtomicArithmetic T>
T atomicExch(T* address, std::type_identity_t<T> value) {
  simt::detail::observe_atomic(address, sizeof(T));
  return std::atomic_ref<T>(*address).exchange(value, std::memory_order_relaxed);
}
/// @brief `*address = min(*address, value)` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicMin(T* address, std::type_identity_t<T> value) {
  simt::detail::observe_atomic(address, sizeof(T));
  return simt::detail::atomic_update(address, [value](T old) { return value < old ? value : old; });
}
/// @brief `*address = max(*address, value)` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicMax(T* address, std::type_identity_t<T> value) {
  simt::detail::observe_atomic(address, sizeof(T));
  return simt::detail::atomic_update(address, [value](T old) { return value > old ? value : old; });
}
/// @brief `*address & value`, `|`, `^` atomically; return the old value.
template <simt::detail::AtomicInteger T>
T atomicAnd(T* address, std::type_identity_t<T> value) {
  simt::detail::observe_atomic(address, sizeof(T));
  return std::atomic_ref<T>(*address).fetch_and(value, std::memory_order_relaxed);
}
template <simt::detail::AtomicInteger T>
T atomicOr(T* address, std::type_identity_t<T> value) {
  simt::detail::observe_atomic(address, sizeof(T));
  return std::atomic_ref<T>(*address).fetch_or(value, std::memory_order_relaxed);
}
template <simt::detail::AtomicInteger T>
T atomicXor(T* address, std::type_identity_t<T> value) {
  simt::detail::observe_atomic(address, sizeof(T));
  return std::atomic_ref<T>(*address).fetch_xor(value, std::memory_order_relaxed);
}
/// @brief `*address = (old >= limit) ? 0 : old + 1` atomically; returns the old value.
inline unsigned atomicInc(unsigned* address, unsigned limit) {
  simt::detail::observe_atomic(address, sizeof(unsigned));
  return simt::detail::atomic_update(address,
                                     [limit](unsigned old) { return old >= limit ? 0u : old + 1; });
}
/// @brief `*address = (old == 0 || old > limit) ? limit : old - 1` atomically; returns the old
/// value.
inline unsigned atomicDec(unsigned* address, unsigned limit) {
  simt::detail::observe_atomic(address, sizeof(unsigned));
  return simt::detail::atomic_update(
      address, [limit](unsigned old) { return old == 0 || old > limit ? limit : old - 1; });
}
/// @brief Stores `value` if `*address == compare`; returns the old value.
template <class T>
requires simt::detail::AtomicInteger<T> || std::same_as<T, unsigned short> T
atomicCAS(T* address, std::type_identity_t<T> compare, std::type_identity_t<T> value) {
  simt::detail::observe_atomic(address, sizeof(T));
  std::atomic_ref<T>(*address).compare_exchange_strong(compare, value, std::memory_order_relaxed);
  return compare;
}
