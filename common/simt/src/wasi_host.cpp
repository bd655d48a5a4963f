/// @file
/// @brief What the emulator asks of its host that a WebAssembly module under WASI cannot give,
/// in place of fault_signals.cpp and debugger_support.cpp there. WASI has no signals: a kernel's
/// access outside the module's memory traps and ends the module, and one inside it is caught by
/// the access checks or not at all, as on a CPU without them. No debugger reads a module's worker
/// table, and a module has one worker.

#include "debugger_support.hpp"
#include "fault_signals.hpp"

namespace simt::detail {

void install_fault_handlers() {}

DebuggerRegistration::DebuggerRegistration() noexcept = default;
DebuggerRegistration::~DebuggerRegistration() = default;

}  // namespace simt::detail
