// The planted synchronisation bugs of the emulator's tests, launched on a real GPU so that
// tools/compute_sanitizer can show which of them the GPU's own tools catch.
// Usage: planted_bugs race|half-warp|whole-warp|both-branches|dsm-after-exit
#include "diagnostics_kernels.cuh"
#include "simt_kernels.cuh"

#include "common/cluster_launch.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"

#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  const std::string bug = argc > 1 ? argv[1] : "";
  try {
    tutorial::DeviceBuffer<float> in(256), out(256);
    tutorial::DeviceBuffer<int> ints(256);
    tutorial::DeviceBuffer<unsigned> words(4 * 32);
    CUDA_CHECK(cudaMemset(in.get(), 0, 256 * sizeof(float)));
    if (bug == "race") {
      ReductionMissingBarrier<<<2, 128, 128 * sizeof(float)>>>(in.get(), out.get());
    } else if (bug == "half-warp") {
      BarrierForFirst48<<<1, 128>>>(ints.get());
    } else if (bug == "whole-warp") {
      BarrierForFirst32<<<1, 128>>>(ints.get());
    } else if (bug == "both-branches") {
      BarrierInBothBranches<<<1, 64>>>(ints.get());
    } else if (bug == "dsm-after-exit") {
      const tutorial::ClusterLaunchConfig config{dim3(4), dim3(32), dim3(4), 32 * sizeof(unsigned)};
      CUDA_CHECK(cudaLaunchKernelEx(config.get(), ReadPeerWithoutFinalSync, words.get()));
    } else {
      std::fprintf(stderr, "planted_bugs: usage: planted_bugs race|half-warp|whole-warp|both-branches|dsm-after-exit\n");
      return 2;
    }
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    std::printf("planted_bugs %s: ran to completion\n", bug.c_str());
  } catch (const tutorial::CudaError& e) {
    std::fprintf(stderr, "planted_bugs %s: %s\n", bug.c_str(), e.what());
    return 1;
  }
  return 0;
}
