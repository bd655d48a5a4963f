#include "emulated_counters.hpp"

#include <utility>

#if TUTORIAL_CPU_BUILD
#include <simt/bank_counters.hpp>
#include <simt/bank_map.hpp>
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

const SharedAccessLine* SharedAccesses::worst_line() const {
  const SharedAccessLine* worst = nullptr;
  for (const SharedAccessLine& line : lines)
    if (line.conflicts > 0 &&
        (worst == nullptr || line.conflicts_per_request() > worst->conflicts_per_request()))
      worst = &line;
  return worst;
}

std::optional<SharedAccesses> last_launch_shared_accesses() {
#if TUTORIAL_CPU_BUILD
  const simt::SharedMemoryCounters counted = simt::last_launch_counters();
  SharedAccesses accesses{counted.load_requests,
                          counted.load_wavefronts,
                          counted.load_conflicts(),
                          counted.store_requests,
                          counted.store_wavefronts,
                          counted.store_conflicts(),
                          {}};
  for (const simt::SharedAccessLine& line : counted.lines)
    accesses.lines.push_back({line.place(), line.store, line.requests, line.wavefronts,
                              line.conflicts(), simt::bank_map_text(line)});
  return accesses;
#else
  return std::nullopt;  // the GPU's counters are Nsight Compute's to read
#endif
}

std::optional<ConstantReads> last_launch_constant_reads() {
#if TUTORIAL_CPU_BUILD
  const simt::ConstantMemoryCounters counted = simt::last_launch_constant_counters();
  return ConstantReads{counted.requests, counted.words};
#else
  return std::nullopt;  // the GPU's counters are Nsight Compute's to read
#endif
}

}  // namespace tutorial
