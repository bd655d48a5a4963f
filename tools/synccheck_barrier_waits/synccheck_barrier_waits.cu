// Four correct ways for every thread of a block to arrive on a cuda::barrier and wait for the
// phase to complete, for compute-sanitizer's synccheck to judge (tools/compute_sanitizer runs
// each). Before waiting, each thread publishes its index; after, it reads its neighbour's,
// which the barrier makes visible, and the host checks every value.
//   token:       bar.wait(bar.arrive()), the form the guide teaches.
//   parity:      the token is dropped and the thread waits by the phase's parity
//                (bar.wait_parity(false): phase 0 has completed; mbarrier.try_wait.parity).
//   pipeline:    a block-scope cuda::pipeline of one stage and no copies, as the guide writes
//                it: producer_acquire, producer_commit, consumer_wait, consumer_release.
//   copy-arrive: token, after a cp.async.mbarrier.arrive on the barrier, the instruction with
//                which the pipeline's producer_commit() makes the stage wait for the thread's
//                cp.async copies (libcu++'s <cuda/pipeline>).
// On the H100 (CUDA 13.0) synccheck reports "Barrier error detected. Missing wait." for every
// thread of the last two, at the cp.async.mbarrier.arrive, and nothing for the first two.
// GPU only: the emulator has no wait_parity() or cuda::ptx.
// Usage: synccheck_barrier_waits --wait token|parity|pipeline|copy-arrive
#include "common/cli.hpp"
#include "common/cuda_check.hpp"
#include "common/device.hpp"
#include "common/device_buffer.hpp"
#include "common/sample_main.hpp"

#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/ptx>

#include <cstdio>
#include <vector>

// __shared__ barriers and pipeline states have constructors; init() and make_pipeline() run
// them, as the guide's samples do.
#pragma nv_diag_suppress static_var_with_dynamic_init

namespace {

constexpr unsigned kThreads = 128;

enum class Wait { token, parity, pipeline, copy_arrive };

// Each thread publishes its index, waits in the form `How`, and reads its neighbour's.
template <Wait How>
__global__ void PublishWaitRead(unsigned* out) {
  __shared__ unsigned published[kThreads];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
  if (threadIdx.x == 0) init(&bar, blockDim.x);
  __syncthreads();
  published[threadIdx.x] = threadIdx.x;
  if constexpr (How == Wait::token) {
    bar.wait(bar.arrive());
  } else if constexpr (How == Wait::parity) {
    (void)bar.arrive();
    bar.wait_parity(false);
  } else if constexpr (How == Wait::copy_arrive) {
    // The arrive-on that a block pipeline's producer_commit() issues: the phase also waits for
    // this thread's cp.async copies (none here).
    cuda::ptx::cp_async_mbarrier_arrive(cuda::device::barrier_native_handle(bar));
    bar.wait(bar.arrive());
  } else {  // the pipeline's stage has barriers of its own
    cuda::pipeline<cuda::thread_scope_block> pipe =
        cuda::make_pipeline(cooperative_groups::this_thread_block(), &state);
    pipe.producer_acquire();
    pipe.producer_commit();
    pipe.consumer_wait();
    pipe.consumer_release();
  }
  out[threadIdx.x] = published[(threadIdx.x + 1) % blockDim.x];
}

}  // namespace

int main(int argc, char** argv) {
  return tutorial::run_sample(argv[0], [&] {
    Wait wait = Wait::token;
    tutorial::Cli cli("synccheck_barrier_waits",
                      "Arrives on a block barrier and waits, in one of four correct forms");
    cli.add_choice("--wait", wait,
                   {{"token", Wait::token},
                    {"parity", Wait::parity},
                    {"pipeline", Wait::pipeline},
                    {"copy-arrive", Wait::copy_arrive}},
                   "how each thread waits");
    if (cli.parse(argc, argv)) return 0;  // --help
    const tutorial::DeviceQuery query = tutorial::query_device();
    if (!query.device) {
      std::fprintf(stderr,
                   "synccheck_barrier_waits: %s; this program shows a GPU tool's report and "
                   "runs only on a GPU\n",
                   query.why_none.c_str());
      return 1;
    }
    tutorial::DeviceBuffer<unsigned> out(kThreads);
    switch (wait) {
      case Wait::token: PublishWaitRead<Wait::token><<<1, kThreads>>>(out.get()); break;
      case Wait::parity: PublishWaitRead<Wait::parity><<<1, kThreads>>>(out.get()); break;
      case Wait::pipeline: PublishWaitRead<Wait::pipeline><<<1, kThreads>>>(out.get()); break;
      case Wait::copy_arrive: PublishWaitRead<Wait::copy_arrive><<<1, kThreads>>>(out.get()); break;
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<unsigned> read(kThreads);
    out.copy_to(read);
    unsigned wrong = 0;
    for (unsigned t = 0; t < kThreads; ++t) wrong += read[t] != (t + 1) % kThreads;
    std::printf("synccheck_barrier_waits: %u of %u threads read their neighbour's index: %s\n",
                kThreads - wrong, kThreads, wrong == 0 ? "results match" : "MISMATCH");
    return wrong == 0 ? 0 : 1;
  });
}
