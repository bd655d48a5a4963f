/// @file
/// @brief Division by zero in kernel code: a report with checks on.

#include <simt/detail/integer_division.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/launch.hpp>
#include "describe.hpp"

#include <string>

namespace simt::detail {

void report_division_by_zero(bool remainder, const char* file, unsigned line) {
  const ThreadContext& t = current_thread;
  if (t.unit == nullptr || !t.unit->diagnostics) return;
  throw KernelError(std::string("integer ") + (remainder ? "remainder" : "division") +
                    " by zero in kernel '" + kernel_name(*t.unit, nullptr) + "' at " +
                    where(file, line) + ": thread " + index_text(t.slot->index) + " of block " +
                    index_text(t.block_idx) +
                    ". The GPU does not trap: it goes on with an unspecified value (with checks "
                    "off the emulator does too, see the emulator page).");
}

}  // namespace simt::detail
