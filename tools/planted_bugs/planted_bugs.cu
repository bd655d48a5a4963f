// The planted bugs (planted_bug_kernels.cuh, which the emulator's tests also
// check), launched on a real GPU (so that
// tools/compute_sanitizer can show which of them the GPU's own tools catch) or on the CPU
// emulator (so that the chapter pages can show what the emulator reports).
// Usage: planted_bugs --bug race|half-warp|whole-warp|both-branches|dsm-after-exit|
//                           shuffle-in-half-warp|shuffle-after-exit|shuffle-outside-mask|
//                           syncwarp-masks|warp-tail|read-before-copy|stale-token|
//                           arrive-twice|exit-without-arriving|uncommitted-stage|
//                           divide-by-zero|read-unwritten-shared|spin-at-barrier|
//                           wait-for-last-block|write-through-null|write-past-the-end
//                     [--backend auto|device|emulator]
#include "planted_bug_kernels.cuh"

#include "common/cli.hpp"
#include "common/cluster_launch.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/sample_main.hpp"

#include <simt/launch.hpp>

#include <cstdio>
#include <string_view>
#include <vector>

namespace {

enum class Bug {
  race,
  half_warp,
  whole_warp,
  both_branches,
  dsm_after_exit,
  shuffle_in_half_warp,
  shuffle_after_exit,
  shuffle_outside_mask,
  syncwarp_masks,
  warp_tail,
  read_before_copy,
  stale_token,
  arrive_twice,
  exit_without_arriving,
  uncommitted_stage,
  divide_by_zero,
  read_unwritten_shared,
  spin_at_barrier,
  wait_for_last_block,
  write_through_null,
  write_past_the_end,
};

// WaitForLastBlock's grid: more blocks of 256 threads than an H100 keeps resident (8 per SM:
// 1,056).
constexpr unsigned waiting_blocks = 4096;
// WritePastTheEnd's array: 1,000 elements, written by four blocks of 256 threads.
constexpr unsigned past_the_end_elements = 1000;

void run_on_device(Bug bug) {
  tutorial::DeviceBuffer<float> in(256), out(256);
  tutorial::DeviceBuffer<int> ints(256);
  tutorial::DeviceBuffer<unsigned> words(4 * 32);
  CUDA_CHECK(cudaMemset(in.get(), 0, 256 * sizeof(float)));
  switch (bug) {
    case Bug::race:
      ReductionMissingBarrier<<<2, 128, 128 * sizeof(float)>>>(in.get(), out.get());
      break;
    case Bug::half_warp: BarrierForFirst48<<<1, 128>>>(ints.get()); break;
    case Bug::whole_warp: BarrierForFirst32<<<1, 128>>>(ints.get()); break;
    case Bug::both_branches: BarrierInBothBranches<<<1, 64>>>(ints.get()); break;
    case Bug::dsm_after_exit: {
      const tutorial::ClusterLaunchConfig config{dim3(4), dim3(32), dim3(4), 32 * sizeof(unsigned)};
      CUDA_CHECK(cudaLaunchKernelEx(config.get(), ReadPeerWithoutFinalSync, words.get()));
      break;
    }
    case Bug::shuffle_in_half_warp: ShuffleInHalfTheWarp<<<1, 64>>>(ints.get()); break;
    case Bug::shuffle_after_exit:
      ShuffleAfterEarlyReturn<<<1, 32>>>(ints.get(), ints.get() + 64, 20);
      break;
    case Bug::shuffle_outside_mask: ShuffleFromOutsideTheMask<<<1, 32>>>(ints.get()); break;
    case Bug::syncwarp_masks: SyncwarpMasksDisagree<<<1, 32>>>(ints.get()); break;
    case Bug::warp_tail: WarpTailWithoutSyncwarp<<<2, 64>>>(in.get(), out.get()); break;
    case Bug::read_before_copy: ReadBeforeCopyCompletes<<<1, 64>>>(in.get(), out.get()); break;
    case Bug::stale_token: WaitWithStaleToken<<<1, 64>>>(ints.get()); break;
    case Bug::arrive_twice: ArriveTwiceInOnePhase<<<1, 64>>>(ints.get()); break;
    case Bug::exit_without_arriving: ExitWithoutArriving<<<1, 64>>>(ints.get()); break;
    case Bug::uncommitted_stage: WaitForStageNeverCommitted<<<1, 64>>>(in.get(), out.get()); break;
    case Bug::divide_by_zero: DivideByZeroInOneThread<<<1, 64>>>(ints.get(), 5); break;
    case Bug::read_unwritten_shared: ReadSharedNoThreadWrote<<<1, 32>>>(in.get(), out.get()); break;
    // Both hang the GPU: run them under `timeout`.
    case Bug::spin_at_barrier:
      CUDA_CHECK(cudaMemset(ints.get(), 0, sizeof(int)));
      SpinWhileOthersWaitAtBarrier<<<1, 64>>>(ints.get(), ints.get() + 64);
      break;
    case Bug::wait_for_last_block: {
      tutorial::DeviceBuffer<int> cells(std::size_t{waiting_blocks} * 256);
      CUDA_CHECK(cudaMemset(ints.get(), 0, sizeof(int)));
      WaitForLastBlock<<<waiting_blocks, 256>>>(ints.get(), cells.get());
      CUDA_CHECK(cudaGetLastError());
      CUDA_CHECK(cudaDeviceSynchronize());
      break;
    }
    case Bug::write_through_null: WriteThroughNull<<<1, 32>>>(nullptr); break;
    case Bug::write_past_the_end: {
      tutorial::DeviceBuffer<float> array(past_the_end_elements);
      WritePastTheEnd<<<4, 256>>>(array.get());
      CUDA_CHECK(cudaGetLastError());
      CUDA_CHECK(cudaDeviceSynchronize());
      break;
    }
  }
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
}

// The same launches on the emulator, which throws simt::KernelError naming the bug. Threads
// that skip a barrier and exit do not hold it up, on the emulator as on the GPU: the strict
// setting, on for those two bugs, warns that the guide's rule was broken.
void run_on_emulator(Bug bug) {
  simt::settings().strict = bug == Bug::half_warp || bug == Bug::whole_warp;
  std::vector<float> in(256, 0.0f), out(256);
  std::vector<int> ints(256);
  std::vector<unsigned> words(4 * 32);
  switch (bug) {
    case Bug::race:
      simt::launch(simt::LaunchConfig{2, 128, 128 * sizeof(float)}, ReductionMissingBarrier,
                   in.data(), out.data());
      break;
    case Bug::half_warp: simt::launch(1, 128, BarrierForFirst48, ints.data()); break;
    case Bug::whole_warp: simt::launch(1, 128, BarrierForFirst32, ints.data()); break;
    case Bug::both_branches: simt::launch(1, 64, BarrierInBothBranches, ints.data()); break;
    case Bug::dsm_after_exit:
      simt::launch(simt::LaunchConfig{4, 32, 32 * sizeof(unsigned), {4, 1, 1}},
                   ReadPeerWithoutFinalSync, words.data());
      break;
    case Bug::shuffle_in_half_warp: simt::launch(1, 64, ShuffleInHalfTheWarp, ints.data()); break;
    case Bug::shuffle_after_exit:
      simt::launch(1, 32, ShuffleAfterEarlyReturn, ints.data(), ints.data() + 64, 20);
      break;
    case Bug::shuffle_outside_mask:
      simt::launch(1, 32, ShuffleFromOutsideTheMask, ints.data());
      break;
    case Bug::syncwarp_masks: simt::launch(1, 32, SyncwarpMasksDisagree, ints.data()); break;
    case Bug::warp_tail: simt::launch(2, 64, WarpTailWithoutSyncwarp, in.data(), out.data()); break;
    case Bug::read_before_copy:
      simt::launch(1, 64, ReadBeforeCopyCompletes, in.data(), out.data());
      break;
    case Bug::stale_token: simt::launch(1, 64, WaitWithStaleToken, ints.data()); break;
    case Bug::arrive_twice: simt::launch(1, 64, ArriveTwiceInOnePhase, ints.data()); break;
    case Bug::exit_without_arriving: simt::launch(1, 64, ExitWithoutArriving, ints.data()); break;
    case Bug::uncommitted_stage:
      simt::launch(1, 64, WaitForStageNeverCommitted, in.data(), out.data());
      break;
    case Bug::divide_by_zero: simt::launch(1, 64, DivideByZeroInOneThread, ints.data(), 5); break;
    case Bug::read_unwritten_shared:
      simt::launch(1, 32, ReadSharedNoThreadWrote, in.data(), out.data());
      break;
    case Bug::spin_at_barrier:
      simt::launch(1, 64, SpinWhileOthersWaitAtBarrier, ints.data(), ints.data() + 64);
      break;
    case Bug::wait_for_last_block: {
      std::vector<int> cells(std::size_t{waiting_blocks} * 256);
      simt::launch(waiting_blocks, 256, WaitForLastBlock, ints.data(), cells.data());
      break;
    }
    case Bug::write_through_null: simt::launch(1, 32, WriteThroughNull, nullptr); break;
    case Bug::write_past_the_end: {
      // checked(): the launch runs the kernel on a copy of the array with guard bytes around it.
      std::vector<float> array(past_the_end_elements);
      simt::launch(4, 256, WritePastTheEnd, simt::checked(array));
      break;
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    Bug bug = Bug::race;
    tutorial::Cli cli("planted_bugs", "Runs one kernel with a planted bug");
    cli.add_choice("--bug", bug,
                   {{"race", Bug::race},
                    {"half-warp", Bug::half_warp},
                    {"whole-warp", Bug::whole_warp},
                    {"both-branches", Bug::both_branches},
                    {"dsm-after-exit", Bug::dsm_after_exit},
                    {"shuffle-in-half-warp", Bug::shuffle_in_half_warp},
                    {"shuffle-after-exit", Bug::shuffle_after_exit},
                    {"shuffle-outside-mask", Bug::shuffle_outside_mask},
                    {"syncwarp-masks", Bug::syncwarp_masks},
                    {"warp-tail", Bug::warp_tail},
                    {"read-before-copy", Bug::read_before_copy},
                    {"stale-token", Bug::stale_token},
                    {"arrive-twice", Bug::arrive_twice},
                    {"exit-without-arriving", Bug::exit_without_arriving},
                    {"uncommitted-stage", Bug::uncommitted_stage},
                    {"divide-by-zero", Bug::divide_by_zero},
                    {"read-unwritten-shared", Bug::read_unwritten_shared},
                    {"spin-at-barrier", Bug::spin_at_barrier},
                    {"wait-for-last-block", Bug::wait_for_last_block},
                    {"write-through-null", Bug::write_through_null},
                    {"write-past-the-end", Bug::write_past_the_end}},
                   "which bug to run");
    // The cluster kernel needs compute capability 9.0; the others would run anywhere.
    const auto chosen = cli.parse_and_select_backend(argc, argv, {9, 0});
    if (!chosen) return 0;
    if (chosen->backend == tutorial::Backend::device)
      run_on_device(bug);
    else
      run_on_emulator(bug);
    // Reached on the GPU (which reports none of these bugs by itself), with diagnostics off,
    // or for the bugs the emulator only warns about.
    std::puts("planted_bugs: ran to completion");
    return 0;
  });
}
