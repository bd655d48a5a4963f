/// @file
/// @brief The handlers that turn a memory fault or an arithmetic trap in kernel code into a report.
///
/// A fault cannot be turned into a simt::KernelError: the kernel's code was compiled without
/// exceptions that can leave a faulting instruction, and the CPU cannot resume it. So the handler
/// prints the report and ends the program: with kernel_fault_exit_code, or, when
/// CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 (the variable that asks the CUDA driver for a core dump of a
/// faulting kernel), with the signal's own core dump, which gdb and simt's extension read. It runs
/// on the faulting worker, whose thread-local ThreadContext says which GPU thread was running. It
/// formats into a buffer on the stack and writes with write(2): no allocation, as the fault may
/// have happened inside malloc.

#include "fault_signals.hpp"

#include <simt/detail/heartbeat.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/launch.hpp>

#include <algorithm>
#include <csignal>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include <ucontext.h>
#include <unistd.h>

namespace simt::detail {

namespace {

constexpr int handled[] = {SIGSEGV, SIGBUS, SIGFPE};
struct sigaction previous[3];
// Read once, as the handlers are installed: getenv is not safe in a signal handler.
bool dump_core = false;

int index_of(int signal) {
  for (int i = 0; i < 3; ++i)
    if (handled[i] == signal) return i;
  return 0;
}

// Appends to `text` (of `size` bytes, `used` so far) what the format gives.
void append(char* text, std::size_t size, std::size_t& used, const char* format, ...) {
  if (used >= size) return;
  va_list arguments;
  va_start(arguments, format);
  const int n = std::vsnprintf(text + used, size - used, format, arguments);
  va_end(arguments);
  if (n > 0) used = std::min(size, used + static_cast<std::size_t>(n));
}

// What the CPU says the faulting access did (x86-64's page-fault error code: bit 1 is a write).
const char* access_kind(int signal, const void* context) {
  if (signal == SIGFPE) return "";
#if defined(__x86_64__)
  const auto* machine = static_cast<const ucontext_t*>(context);
  return (machine->uc_mcontext.gregs[REG_ERR] & 2) != 0 ? "a write to" : "a read of";
#else
  (void)context;
  return "an access to";
#endif
}

void signal_default(int signal) {
  struct sigaction action {};
  action.sa_handler = SIG_DFL;
  sigemptyset(&action.sa_mask);
  sigaction(signal, &action, nullptr);
}

void on_fault(int signal, siginfo_t* info, void* context) {
  const ThreadContext& t = current_thread;
  if (t.unit == nullptr || t.slot == nullptr || t.block == nullptr) {
    // Not kernel code: the program's own fault. Give it back to the handler it had; returning
    // runs the faulting instruction again, which raises the signal again (one sent by kill()
    // is raised again here).
    sigaction(signal, &previous[index_of(signal)], nullptr);
    if (info->si_code <= 0) raise(signal);
    return;
  }
  char text[2048];
  std::size_t used = 0;
  const char* kernel = t.unit->kernel != nullptr ? t.unit->kernel : "?";
  const Uint3 thread = t.slot->index, block = t.block_idx;
  if (signal == SIGFPE) {
    append(text, sizeof text, used,
           "simt: arithmetic trap (SIGFPE: an integer division by zero or overflow) in kernel "
           "'%s': thread (%u, %u, %u) of block (%u, %u, %u)",
           kernel, thread.x, thread.y, thread.z, block.x, block.y, block.z);
  } else {
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    append(text, sizeof text, used,
           "simt: memory fault (%s) in kernel '%s': thread (%u, %u, %u) of block (%u, %u, %u) "
           "made %s address 0x%llx%s",
           signal == SIGBUS ? "SIGBUS" : "SIGSEGV", kernel, thread.x, thread.y, thread.z, block.x,
           block.y, block.z, access_kind(signal, context), static_cast<unsigned long long>(address),
           address < 4096 ? " (a null pointer)" : "");
  }
  const Heartbeat* h = t.heartbeat;
  const char* file = h != nullptr ? h->file.load(std::memory_order_relaxed) : nullptr;
  if (file != nullptr) {
    const char* slash = std::strrchr(file, '/');
    append(text, sizeof text, used, ", at or just after its access at %s:%u",
           slash != nullptr ? slash + 1 : file, h->line.load(std::memory_order_relaxed));
  } else {
    append(text, sizeof text, used,
           " (with the checks on, simt::settings().diagnostics, the report names the line)");
  }
  append(text, sizeof text, used, ". On the GPU %s. The emulator cannot go on after it, so it ",
         signal == SIGFPE ? "an integer division does not trap"
                          : "this is cudaErrorIllegalAddress (compute-sanitizer's memcheck names "
                            "the access)");
  if (dump_core)
    append(text, sizeof text, used,
           "ends the program with a core dump (CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1; where the "
           "core goes is the system's setting, /proc/sys/kernel/core_pattern).\n");
  else
    append(text, sizeof text, used, "ends the program with exit status %d.\n",
           kernel_fault_exit_code);
  std::fflush(stdout);
  for (std::size_t written = 0; written < used;) {
    const ssize_t n = write(STDERR_FILENO, text + written, used - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  if (!dump_core) _exit(kernel_fault_exit_code);
  // The signal's default action is a core dump: returning runs the faulting instruction again,
  // which raises it again, now with every register as it was at the fault (one sent by kill()
  // is raised again here).
  signal_default(signal);
  if (info->si_code <= 0) raise(signal);
}

}  // namespace

void install_fault_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    const char* core = std::getenv("CUDA_ENABLE_COREDUMP_ON_EXCEPTION");
    dump_core = core != nullptr && std::strcmp(core, "1") == 0;
    struct sigaction action {};
    action.sa_sigaction = on_fault;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < 3; ++i) sigaction(handled[i], &action, &previous[i]);
  });
}

}  // namespace simt::detail
