#pragma once
/// @file
/// @brief The error handling every sample's main() shares.

#include <functional>

namespace tutorial {

/// @brief Runs a sample's body and turns errors into one line on stderr and an exit code:
/// UsageError -> 2, CudaError, simt errors and anything else -> 1. Returns the body's
/// own exit code otherwise (0 when results matched, 1 on a mismatch).
[[nodiscard]] int run_sample(const char* program, const std::function<int()>& body);

}  // namespace tutorial
