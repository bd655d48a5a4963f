/// @file
/// @brief A thread's arrival at a block, cluster or grid barrier whose site is not the one
/// recorded for its block's interval: the first thread to wait names it, a later one is a stray.

#include <simt/detail/barriers.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/detail/unit_state.hpp>
#include <simt/errors.hpp>
#include "describe.hpp"

#include <string>

namespace simt::detail {

void arrive_at_new_site(BlockScheduling& block, const Site* here, BarrierKind kind) {
  if (kind == BarrierKind::grid && !current_thread.unit->cooperative)
    throw KernelError(std::string(here->text) + " at " + where(here->location) + " in kernel '" +
                      kernel_name(*current_thread.unit, here) +
                      "' needs a cooperative launch (cudaLaunchCooperativeKernel on the GPU, "
                      "LaunchConfig::cooperative on the emulator): only then is every block "
                      "resident at once");
  if (block.barrier_site == nullptr) {
    block.barrier_site = here;
    block.barrier_kind = kind;
  } else if (here != block.barrier_site || kind != block.barrier_kind) {
    block.strays.push_back({thread_rank(), here, kind});
  }
}

}  // namespace simt::detail
