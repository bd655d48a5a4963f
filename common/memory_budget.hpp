#pragma once
/// @file
/// @brief Checking memory requests before allocating: a clear refusal instead of a crash.

#include "backend.hpp"

#include <cstdint>
#include <string>

namespace tutorial {

/// @brief "1.50 GiB".
[[nodiscard]] std::string format_bytes(std::uint64_t bytes);

/// @brief Memory the host can give right now (MemAvailable from /proc/meminfo), at most what
/// the program can address (4 GiB for a 32-bit one: the samples built as WebAssembly).
[[nodiscard]] std::uint64_t available_host_memory();

/// @brief Throws UsageError naming `option`, the bytes needed and the bytes available unless
/// `arrays` arrays of `count` elements of `element_bytes` fit in host memory and, for
/// Backend::device, also in free device memory (or if the product overflows).
void require_memory(const std::string& option, std::uint64_t count, std::uint64_t element_bytes,
                    std::uint64_t arrays, Backend backend);

}  // namespace tutorial
