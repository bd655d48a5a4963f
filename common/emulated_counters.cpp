#include "emulated_counters.hpp"

#include <utility>

#if TUTORIAL_CPU_BUILD
#include <simt/constant_counters.hpp>
#include <simt/settings.hpp>
#endif

namespace tutorial {

#if TUTORIAL_CPU_BUILD
AccessCounting::AccessCounting()
    : was_counting_(std::exchange(simt::settings().count_bank_conflicts, true)) {}
AccessCounting::~AccessCounting() { simt::settings().count_bank_conflicts = was_counting_; }
#else
AccessCounting::AccessCounting() = default;
AccessCounting::~AccessCounting() = default;
#endif

std::optional<ConstantReads> last_launch_constant_reads() {
#if TUTORIAL_CPU_BUILD
  const simt::ConstantMemoryCounters counted = simt::last_launch_constant_counters();
  return ConstantReads{counted.requests, counted.words};
#else
  return std::nullopt;  // the GPU's counters are Nsight Compute's to read
#endif
}

}  // namespace tutorial
