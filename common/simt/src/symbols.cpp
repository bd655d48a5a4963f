/// @file
/// @brief Host access to registered `__device__` and `__constant__` variables.

#include <simt/symbols.hpp>

#include <string>

namespace simt::detail {

const SymbolEntry& registered_symbol(const void* symbol, const char* call) {
  const SymbolEntry* entry = find_symbol(symbol);
  if (entry == nullptr)
    throw SymbolError(std::string(call) +
                      ": this is not a __device__ or __constant__ variable of a kernel file "
                      "translated for the emulator (translate its file with simt_add_kernels(); "
                      "from C++ code, name the emulator's copy, emulated::<name>)");
  return *entry;
}

void* symbol_bytes(const void* symbol, std::size_t count, std::size_t offset, const char* call) {
  const SymbolEntry& entry = registered_symbol(symbol, call);
  if (offset > entry.bytes || count > entry.bytes - offset)
    throw SymbolError(std::string(call) + ": " + std::to_string(count) + " bytes at offset " +
                      std::to_string(offset) + " run past the end of '" + entry.name + "' (" +
                      std::to_string(entry.bytes) + " bytes)");
  return static_cast<unsigned char*>(entry.twin) + offset;
}

}  // namespace simt::detail
