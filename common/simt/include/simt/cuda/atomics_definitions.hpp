#pragma once
/// @file
/// @brief The definitions of CUDA's atomic functions (simt/cuda/atomics.hpp), for compiled
/// translations only: the translator's parse needs their declarations, not <atomic>.

#include <simt/cuda/atomics.hpp>
#include <simt/detail/access_checks.hpp>

#include <atomic>
#include <type_traits>

namespace simt::detail {

/// @brief Whether `address` lies in the shared memory of the blocks this worker runs. No other
/// thread of the host reaches that memory while they run (a block's shared memory is its unit's,
/// and one worker runs a unit), so an atomic function there needs no locked instruction.
[[gnu::always_inline]] inline bool worker_owns(const void* address) {
  const UnitState* unit = current_thread.unit;  // null outside a kernel
  return unit != nullptr && unit->arena.contains(address);
}

/// @brief An atomic function: `*address = next(old)`, returning `old`. In the worker's own
/// shared memory a load and a store do it (atomic to the compiler, so that a thread's loop reads
/// the value anew); elsewhere `locked(ref)`, the host's atomic operation. A `lock`ed instruction
/// costs tens of cycles and waits for the loads before it: in the sample collection's
/// simpleAttributes, whose threads count their iterations on a `__shared__` counter, most of the
/// kernel's time.
template <class T, class Next, class Locked>
[[gnu::always_inline]] inline T read_modify_write(T* address, Next next, Locked locked) {
  observe_atomic(address, sizeof(T));
  std::atomic_ref<T> ref(*address);
  if (worker_owns(address)) {
    const T old = ref.load(std::memory_order_relaxed);
    ref.store(next(old), std::memory_order_relaxed);
    return old;
  }
  return locked(ref);
}

/// @brief Applies `next(old)` to `*address` atomically; returns the old value.
template <class T, class Next>
T atomic_update(T* address, Next next) {
  return read_modify_write(address, next, [&](std::atomic_ref<T> ref) {
    T old = ref.load(std::memory_order_relaxed);
    while (!ref.compare_exchange_weak(old, next(old), std::memory_order_relaxed)) {
    }
    return old;
  });
}

/// @brief `a + value` (`a - value` where `negate`) as the GPU computes it: integers wrap.
template <class T>
T wrapping_sum(T a, T value, bool negate = false) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(negate ? U(a) - U(value) : U(a) + U(value));
  } else {
    return negate ? a - value : a + value;
  }
}

}  // namespace simt::detail

/// @brief `*address += value` atomically; returns the old value.
template <simt::detail::AtomicArithmetic T>
T atomicAdd(T* address, std::type_identity_t<T> value) {
  return simt::detail::read_modify_write(
      address, [value](T old) { return simt::detail::wrapping_sum(old, value); },
      [value](std::atomic_ref<T> ref) { return ref.fetch_add(value, std::memory_order_relaxed); });
}
/// @brief `*address -= value` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicSub(T* address, std::type_identity_t<T> value) {
  return simt::detail::read_modify_write(
      address, [value](T old) { return simt::detail::wrapping_sum(old, value, true); },
      [value](std::atomic_ref<T> ref) { return ref.fetch_sub(value, std::memory_order_relaxed); });
}
/// @brief Stores `value`; returns the old value.
template <simt::detail::AtomicArithmetic T>
T atomicExch(T* address, std::type_identity_t<T> value) {
  return simt::detail::read_modify_write(
      address, [value](T) { return value; },
      [value](std::atomic_ref<T> ref) { return ref.exchange(value, std::memory_order_relaxed); });
}
/// @brief `*address = min(*address, value)` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicMin(T* address, std::type_identity_t<T> value) {
  return simt::detail::atomic_update(address, [value](T old) { return value < old ? value : old; });
}
/// @brief `*address = max(*address, value)` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicMax(T* address, std::type_identity_t<T> value) {
  return simt::detail::atomic_update(address, [value](T old) { return value > old ? value : old; });
}
/// @brief `*address & value`, `|`, `^` atomically; return the old value.
template <simt::detail::AtomicInteger T>
T atomicAnd(T* address, std::type_identity_t<T> value) {
  return simt::detail::read_modify_write(
      address, [value](T old) { return static_cast<T>(old & value); },
      [value](std::atomic_ref<T> ref) { return ref.fetch_and(value, std::memory_order_relaxed); });
}
template <simt::detail::AtomicInteger T>
T atomicOr(T* address, std::type_identity_t<T> value) {
  return simt::detail::read_modify_write(
      address, [value](T old) { return static_cast<T>(old | value); },
      [value](std::atomic_ref<T> ref) { return ref.fetch_or(value, std::memory_order_relaxed); });
}
template <simt::detail::AtomicInteger T>
T atomicXor(T* address, std::type_identity_t<T> value) {
  return simt::detail::read_modify_write(
      address, [value](T old) { return static_cast<T>(old ^ value); },
      [value](std::atomic_ref<T> ref) { return ref.fetch_xor(value, std::memory_order_relaxed); });
}
/// @brief `*address = (old >= limit) ? 0 : old + 1` atomically; returns the old value.
inline unsigned atomicInc(unsigned* address, unsigned limit) {
  return simt::detail::atomic_update(address,
                                     [limit](unsigned old) { return old >= limit ? 0u : old + 1; });
}
/// @brief `*address = (old == 0 || old > limit) ? limit : old - 1` atomically; returns the old
/// value.
inline unsigned atomicDec(unsigned* address, unsigned limit) {
  return simt::detail::atomic_update(
      address, [limit](unsigned old) { return old == 0 || old > limit ? limit : old - 1; });
}
/// @brief Stores `value` if `*address == compare`; returns the old value.
template <class T>
requires simt::detail::AtomicInteger<T> || std::same_as<T, unsigned short> T
atomicCAS(T* address, std::type_identity_t<T> compare, std::type_identity_t<T> value) {
  return simt::detail::read_modify_write(
      address, [compare, value](T old) { return old == compare ? value : old; },
      [compare, value](std::atomic_ref<T> ref) {
        T old = compare;
        ref.compare_exchange_strong(old, value, std::memory_order_relaxed);
        return old;
      });
}
