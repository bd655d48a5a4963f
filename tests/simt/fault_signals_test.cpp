// Memory faults and arithmetic traps in kernel code: the program ends with a report naming the
// kernel, the block, the thread and (with the checks on) the line, and a distinct exit status.
// Each case runs in a process of its own (this test program, run again on a hidden test case).

#include "../catch.hpp"
#include "../end_to_end/run_program.hpp"

#include <simt/launch.hpp>

#include <csignal>
#include <cstdlib>
#include <string>
#include <vector>

#include <sys/resource.h>

#include "diagnostics_kernels.emulated.hpp"
#include "planted_bug_kernels.emulated.hpp"

namespace {

using Catch::Matchers::Contains;

// Runs the hidden test case `name` of this program in a process of its own.
test::ProgramResult run_child(const std::string& name) {
  return test::run_program("/proc/self/exe", {name});
}

// In the sanitize build, UndefinedBehaviorSanitizer checks every store through a null pointer
// and every division, so it reports these bugs itself, with the line, before the CPU faults.
#if defined(TUTORIAL_SANITIZERS)
constexpr bool sanitizers_report_first = true;
#else
constexpr bool sanitizers_report_first = false;
#endif

// A child ended by the sanitizers' report of `what` at a line of `file` (not by the emulator).
void check_sanitizer_report(const test::ProgramResult& child, const std::string& file,
                            const std::string& what) {
  CHECK(child.exit_code != 0);
  CHECK(child.exit_code != simt::kernel_fault_exit_code);
  CHECK_THAT(child.err, Contains(file + ":") && Contains("runtime error: " + what));
}

}  // namespace

TEST_CASE("(child) a write through a null pointer", "[.fault-child]") {
  simt::launch(1, 32, emulated::WriteThroughNull, nullptr);
}

TEST_CASE("(child) a write through a null pointer with the checks off", "[.fault-child]") {
  simt::settings().diagnostics = false;
  simt::settings().count_bank_conflicts = false;
  simt::launch(1, 32, emulated::WriteThroughNull, nullptr);
}

TEST_CASE("(child) a division by zero the translation does not see", "[.fault-child]") {
  std::vector<int> out(64, 0);
  simt::launch(1, 64, emulated::DivideInMacro, out.data(), 5);
}

TEST_CASE("(child) a null write in host code after a launch", "[.fault-child]") {
  std::vector<int> out(64, 0);
  simt::launch(1, 64, emulated::DivideInMacro, out.data(), 100);
  *static_cast<volatile int*>(nullptr) = out[0];
}

TEST_CASE("(child) a write through a null pointer asked to dump core", "[.fault-child]") {
  // As CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 in the environment would (the handlers read it when
  // the first launch installs them), with no room for the core file itself: this test needs only
  // the way the program ends, not a core in its folder.
  setenv("CUDA_ENABLE_COREDUMP_ON_EXCEPTION", "1", 1);
  const rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  simt::launch(1, 32, emulated::WriteThroughNull, nullptr);
}

TEST_CASE("A memory fault in a kernel names the kernel, the thread, the address and the line",
          "[diagnostics][fault]") {
  const test::ProgramResult child = run_child("(child) a write through a null pointer");
  INFO(child.err);
  if (sanitizers_report_first)
    return check_sanitizer_report(child, "planted_bug_kernels.cuh", "store to null pointer");
  CHECK(child.exit_code == simt::kernel_fault_exit_code);
  CHECK_THAT(child.err, Contains("simt: memory fault (SIGSEGV) in kernel 'WriteThroughNull': "
                                 "thread (0, 0, 0) of block (0, 0, 0) made a write to address "
                                 "0x0 (a null pointer)"));
  CHECK_THAT(child.err, Contains("planted_bug_kernels.cuh:"));
  CHECK_THAT(child.err, Contains("cudaErrorIllegalAddress"));
}

TEST_CASE("With the checks off a memory fault is still reported, without the line",
          "[diagnostics][fault]") {
  const test::ProgramResult child =
      run_child("(child) a write through a null pointer with the checks off");
  INFO(child.err);
  if (sanitizers_report_first)
    return check_sanitizer_report(child, "planted_bug_kernels.cuh", "store to null pointer");
  CHECK(child.exit_code == simt::kernel_fault_exit_code);
  CHECK_THAT(child.err, Contains("memory fault (SIGSEGV) in kernel 'WriteThroughNull'"));
  CHECK_THAT(child.err, Contains("with the checks on"));
  CHECK_THAT(child.err, !Contains(".cuh:"));
}

TEST_CASE("With CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1 a memory fault in a kernel ends in a core dump",
          "[diagnostics][fault]") {
  const test::ProgramResult child = run_child(
      "(child) a write through a null pointer asked to "
      "dump core");
  INFO(child.err);
  if (sanitizers_report_first)
    return check_sanitizer_report(child, "planted_bug_kernels.cuh", "store to null pointer");
  CHECK(child.exit_code == 128 + SIGSEGV);  // the signal's own end: a core dump where allowed
  CHECK_THAT(child.err, Contains("memory fault (SIGSEGV) in kernel 'WriteThroughNull'"));
  CHECK_THAT(child.err, Contains("ends the program with a core dump "
                                 "(CUDA_ENABLE_COREDUMP_ON_EXCEPTION=1"));
}

TEST_CASE("An integer division by zero the translation does not see is reported as a trap",
          "[diagnostics][fault]") {
  const test::ProgramResult child =
      run_child("(child) a division by zero the translation does not see");
  INFO(child.err);
  if (sanitizers_report_first)
    return check_sanitizer_report(child, "diagnostics_kernels.cuh", "division by zero");
  CHECK(child.exit_code == simt::kernel_fault_exit_code);
  // Thread 5 divides by zero; threads 0-4 ran before it.
  CHECK_THAT(child.err, Contains("simt: arithmetic trap (SIGFPE: an integer division by zero or "
                                 "overflow) in kernel 'DivideInMacro': thread (5, 0, 0) of block "
                                 "(0, 0, 0)"));
}

TEST_CASE("A fault in the program's own code after a launch is left to the program",
          "[diagnostics][fault]") {
  const test::ProgramResult child = run_child("(child) a null write in host code after a launch");
  INFO(child.err);
  if (sanitizers_report_first)
    check_sanitizer_report(child, "fault_signals_test.cpp", "store to null pointer");
  else
    CHECK(child.exit_code == 128 + 11);  // killed by SIGSEGV, as without the emulator
  CHECK_THAT(child.err, !Contains("simt:"));
}
