#pragma once
/// @file
/// @brief Host access to a kernel file's `__device__` and `__constant__` variables on the
/// emulator, as the CUDA runtime gives it on the GPU: `simt::memcpy_to_symbol(coefficients,
/// values, bytes)` is `cudaMemcpyToSymbol(coefficients, values, bytes)`.
///
/// `symbol` is the variable as the calling source sees it: in a CUDA source (nvcc) the kernel
/// file's variable itself, whose emulator copy the translation registered under the same device
/// name; in a plain C++ source the emulator's copy, `emulated::coefficients`, from the header
/// simt_add_kernels() generates. Copies are checked against the variable's size. This header has
/// no CUDA dependency.

#include <simt/detail/registry.hpp>

#include <cstddef>
#include <cstring>
#include <stdexcept>

namespace simt {

/// @ingroup simt
/// @brief A symbol the emulator does not know (`cudaErrorInvalidSymbol`), or a copy past its end
/// (`cudaErrorInvalidValue`).
class SymbolError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

namespace detail {
/// @brief The registered variable at `symbol`; throws SymbolError, naming `call`, for none.
const SymbolEntry& registered_symbol(const void* symbol, const char* call);
/// @brief `count` bytes from `offset` of `symbol`; throws SymbolError when they run past its end.
void* symbol_bytes(const void* symbol, std::size_t count, std::size_t offset, const char* call);
}  // namespace detail

/// @ingroup simt
/// @brief Copies `count` bytes from `source` into `symbol` at byte `offset`, like
/// `cudaMemcpyToSymbol(symbol, source, count, offset)`.
template <class T>
void memcpy_to_symbol(const T& symbol, const void* source, std::size_t count,
                      std::size_t offset = 0) {
  void* target = detail::symbol_bytes(&symbol, count, offset, "simt::memcpy_to_symbol");
  if (count != 0) std::memmove(target, source, count);
}

/// @ingroup simt
/// @brief Copies `count` bytes of `symbol` from byte `offset` into `destination`, like
/// `cudaMemcpyFromSymbol(destination, symbol, count, offset)`.
template <class T>
void memcpy_from_symbol(void* destination, const T& symbol, std::size_t count,
                        std::size_t offset = 0) {
  const void* bytes = detail::symbol_bytes(&symbol, count, offset, "simt::memcpy_from_symbol");
  if (count != 0) std::memmove(destination, bytes, count);
}

/// @ingroup simt
/// @brief The address of the emulator's copy of `symbol`, like `cudaGetSymbolAddress`: kernels
/// launched on the emulator may be given it as a pointer.
template <class T>
void* symbol_address(const T& symbol) {
  return detail::registered_symbol(&symbol, "simt::symbol_address").twin;
}

/// @ingroup simt
/// @brief The size of `symbol` in bytes, like `cudaGetSymbolSize`.
template <class T>
std::size_t symbol_size(const T& symbol) {
  return detail::registered_symbol(&symbol, "simt::symbol_size").bytes;
}

}  // namespace simt
