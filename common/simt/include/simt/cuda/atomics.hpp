#pragma once
/// @file
/// @brief CUDA's atomic functions for kernels compiled by the host compiler, on global and shared
/// memory alike (a block's shared memory is ordinary memory of the emulator).
///
/// Blocks run on several CPU threads, so these are real atomic read-modify-writes
/// (`std::atomic_ref`), relaxed like CUDA's: they order nothing but themselves. The `_block` and
/// `_system` variants differ from the plain ones only in the scope they promise, so on the host
/// they are the same. T is deduced from the address alone, so the value may be anything
/// convertible.

#include <concepts>
#include <type_traits>

namespace simt::detail {
template <class T>
concept AtomicInteger = std::same_as<T, int> || std::same_as<T, unsigned> ||
    std::same_as<T, unsigned long long> || std::same_as<T, long long>;
template <class T>
concept AtomicArithmetic = AtomicInteger<T> || std::same_as<T, float> || std::same_as<T, double>;

}  // namespace simt::detail

/// @brief `*address += value` atomically; returns the old value.
template <simt::detail::AtomicArithmetic T>
T atomicAdd(T* address, std::type_identity_t<T> value);

/// @brief `*address -= value` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicSub(T* address, std::type_identity_t<T> value);

/// @brief Stores `value`; returns the old value.
template <simt::detail::AtomicArithmetic T>
T atomicExch(T* address, std::type_identity_t<T> value);

/// @brief `*address = min(*address, value)` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicMin(T* address, std::type_identity_t<T> value);

/// @brief `*address = max(*address, value)` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicMax(T* address, std::type_identity_t<T> value);

/// @brief `*address &= value` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicAnd(T* address, std::type_identity_t<T> value);

/// @brief `*address |= value` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicOr(T* address, std::type_identity_t<T> value);

/// @brief `*address ^= value` atomically; returns the old value.
template <simt::detail::AtomicInteger T>
T atomicXor(T* address, std::type_identity_t<T> value);

/// @brief `*address = (old >= limit) ? 0 : old + 1` atomically; returns the old value.
inline unsigned atomicInc(unsigned* address, unsigned limit);

/// @brief `*address = (old == 0 || old > limit) ? limit : old - 1` atomically; returns the old
/// value.
inline unsigned atomicDec(unsigned* address, unsigned limit);

/// @brief Stores `value` if `*address == compare`; returns the old value.
template <class T>
requires simt::detail::AtomicInteger<T> || std::same_as<T, unsigned short> T
atomicCAS(T* address, std::type_identity_t<T> compare, std::type_identity_t<T> value);

// The scoped variants: the same operations on the host.
#define SIMT_SCOPED_ATOMIC(name)               \
  template <class... Args>                     \
  auto name##_block(Args&&... args) {          \
    return name(static_cast<Args&&>(args)...); \
  }                                            \
  template <class... Args>                     \
  auto name##_system(Args&&... args) {         \
    return name(static_cast<Args&&>(args)...); \
  }
SIMT_SCOPED_ATOMIC(atomicAdd)
SIMT_SCOPED_ATOMIC(atomicSub)
SIMT_SCOPED_ATOMIC(atomicExch)
SIMT_SCOPED_ATOMIC(atomicMin)
SIMT_SCOPED_ATOMIC(atomicMax)
SIMT_SCOPED_ATOMIC(atomicAnd)
SIMT_SCOPED_ATOMIC(atomicOr)
SIMT_SCOPED_ATOMIC(atomicXor)
SIMT_SCOPED_ATOMIC(atomicInc)
SIMT_SCOPED_ATOMIC(atomicDec)
SIMT_SCOPED_ATOMIC(atomicCAS)
#undef SIMT_SCOPED_ATOMIC

#if !defined(SIMT_TRANSLATING)
#include <simt/cuda/atomics_definitions.hpp>
#endif
