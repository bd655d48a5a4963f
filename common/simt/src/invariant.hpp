#pragma once
/// @file
/// @brief SIMT_INVARIANT(condition): what the scheduler relies on, checked in Debug builds and
/// where SIMT_CHECK_INVARIANTS is defined (the tutorial's sanitizer build). A failed check is a
/// bug in the emulator, not in the kernel: it says so and aborts.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

namespace simt::detail {
/// @brief Prints "simt: internal error: invariant 'condition' failed at file:line" and aborts.
[[noreturn]] void invariant_failed(const char* condition, const char* file, int line) noexcept;
}  // namespace simt::detail

#if defined(SIMT_CHECK_INVARIANTS) || !defined(NDEBUG)
#define SIMT_INVARIANT(condition) \
  ((condition) ? void() : ::simt::detail::invariant_failed(#condition, __FILE__, __LINE__))
#else
#define SIMT_INVARIANT(condition) static_cast<void>(0)
#endif
