#pragma once
/// @file
/// @brief Where a debugger finds the GPU thread a worker runs, by reading memory alone. Internal.

// Private to the library: its sources are built with SIMT_BUILDING_LIBRARY.
#if !defined(SIMT_BUILDING_LIBRARY)
#error "common/simt/src headers are private to the simt library; include <simt/launch.hpp>"
#endif

namespace simt::detail {

/// @ingroup simt
/// @brief While it lives, names the calling worker (by its kernel thread id) and its
/// ThreadContext in simt_debugger_workers, a plain global array: gdb's extension
/// (gdb/simt-gdb.py) finds the selected thread's GPU thread there, in a live process or a core
/// file, without calling into the program and without the thread library's help (which a core
/// file from another machine may lack) for the thread-local current_thread.
class DebuggerRegistration {
 public:
  DebuggerRegistration() noexcept;
  ~DebuggerRegistration();
  DebuggerRegistration(const DebuggerRegistration&) = delete;
  DebuggerRegistration& operator=(const DebuggerRegistration&) = delete;

 private:
  /// Its entry, or -1 when every entry was taken (then it is not named). Unused where no
  /// debugger reads the table (WebAssembly: wasi_host.cpp).
  [[maybe_unused]] int slot_ = -1;
};

}  // namespace simt::detail
