#pragma once
/// @file
/// @brief CUDA's cache-hinted loads and stores (`__ldcg`, `__stcs`, ...), plain accesses on the
/// host, and the address-space queries and conversions. On the emulator every address is a
/// generic one: a block's shared memory is memory of the host, and `__cvta_generic_to_shared`
/// returns the address itself (kernels that use the result as an offset into shared memory do
/// not run).

#include <cstddef>

/// @brief A load with a cache hint (`__ldca`: cache at all levels, `__ldcg`: global, `__ldcs`:
/// streaming, `__ldlu`: last use, `__ldcv`: volatile): a plain load here.
template <class T>
inline T __ldca(const T* address) {
  return *address;
}
template <class T>
inline T __ldcg(const T* address) {
  return *address;
}
template <class T>
inline T __ldcs(const T* address) {
  return *address;
}
template <class T>
inline T __ldlu(const T* address) {
  return *address;
}
template <class T>
inline T __ldcv(const T* address) {
  return *address;
}
/// @brief A store with a cache hint (write-back, global, streaming, write-through).
template <class T>
inline void __stwb(T* address, T value) {
  *address = value;
}
template <class T>
inline void __stcg(T* address, T value) {
  *address = value;
}
template <class T>
inline void __stcs(T* address, T value) {
  *address = value;
}
template <class T>
inline void __stwt(T* address, T value) {
  *address = value;
}
/// @brief Whether `address` is in shared memory (the running block's, or its cluster's).
bool __isShared(const void* address);
/// @brief Whether `address` is global memory: anything that is not shared memory here.
inline bool __isGlobal(const void* address) { return !__isShared(address); }
/// @brief Constant and local memory are host memory on the emulator: never told apart.
inline bool __isConstant(const void*) { return false; }
inline bool __isLocal(const void*) { return false; }
/// @brief Address conversions: the identity (the emulator has one address space).
inline std::size_t __cvta_generic_to_shared(const void* address) {
  return reinterpret_cast<std::size_t>(address);
}
inline void* __cvta_shared_to_generic(std::size_t address) {
  return reinterpret_cast<void*>(address);
}
inline std::size_t __cvta_generic_to_global(const void* address) {
  return reinterpret_cast<std::size_t>(address);
}
inline void* __cvta_global_to_generic(std::size_t address) {
  return reinterpret_cast<void*>(address);
}
