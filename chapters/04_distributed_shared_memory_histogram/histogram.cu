// Chapter 04's launches: the kernels on the GPU and on the CPU emulator, then the plan (where
// the histogram lives, whether warps aggregate their atomics) and the device's limits.

#include "histogram.hpp"
#include "histogram_kernels.cuh"

#include "common/cluster_launch.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/memory_budget.hpp"
#include "common/usage_error.hpp"

#include <simt/launch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace histogram {

namespace {

// Threads per block. A cluster block with 128 KiB or more of shared memory is alone on its SM,
// so it must bring the warps that hide the latency of remote atomics itself: 1024 threads made
// clusters of 2 reach 163 G elements/s on an H100 (140 with 512). Larger clusters were faster
// with 512 (less traffic in flight between SMs), and the other kernels did not care.
unsigned threads_per_block_for(const Plan& plan) {
  return plan.strategy == Strategy::cluster && plan.cluster_size <= 2 ? 1024 : 512;
}

// Blocks for a grid-stride launch: enough to fill the GPU (as many as fit at once), or a
// few per emulator worker; a whole number of clusters, never more than the work needs.
unsigned grid_blocks(tutorial::Backend backend, const Plan& plan, long long n, const Limits& limits,
                     int resident_per_sm) {
  const unsigned threads_per_block = threads_per_block_for(plan);
  const long long needed = std::max<long long>(1, (n + threads_per_block - 1) / threads_per_block);
  long long blocks =
      backend == tutorial::Backend::device
          ? static_cast<long long>(limits.multiprocessors) * std::max(1, resident_per_sm)
          : 16;
  blocks = std::min(blocks, needed);
  blocks = std::max<long long>(plan.cluster_size, blocks / plan.cluster_size * plan.cluster_size);
  return static_cast<unsigned>(blocks);
}

// The global and shared kernels read the input 16 bytes at a time.
void require_aligned(const int* input) {
  if (reinterpret_cast<std::uintptr_t>(input) % alignof(int4) != 0)
    throw std::invalid_argument("histogram: the input must be 16-byte aligned");
}

// Raises the kernel's shared-memory limit above the default 48 KiB when it needs more, and
// allows clusters of more than 8 blocks when it uses them.
template <class Kernel>
void prepare(Kernel kernel, const Plan& plan) {
  CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  static_cast<int>(plan.shared_bytes)));
  if (plan.cluster_size > 8)
    CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
}

}  // namespace

// [doc:launch]
void launch_on_device(const Plan& plan, int* bins, const int* input, long long n,
                      const Limits& limits) {
  const int nbins = plan.nbins;
  require_aligned(input);
  const unsigned threads_per_block = threads_per_block_for(plan);
  int per_sm = 0;
  switch (plan.strategy) {
    case Strategy::global: {
      if (plan.hot.count > 0) {
        CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, HistogramHotCached,
                                                                 threads_per_block, 0));
        HistogramHotCached<<<grid_blocks(tutorial::Backend::device, plan, n, limits, per_sm),
                             threads_per_block>>>(bins, nbins, plan.hot, input, n);
        break;
      }
      const auto kernel = plan.warp_aggregated ? HistogramGlobal<true> : HistogramGlobal<false>;
      CUDA_CHECK(
          cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads_per_block, 0));
      kernel<<<grid_blocks(tutorial::Backend::device, plan, n, limits, per_sm),
               threads_per_block>>>(bins, nbins, input, n);
      break;
    }
    case Strategy::shared: {
      const auto kernel = plan.warp_aggregated ? HistogramShared<true> : HistogramShared<false>;
      prepare(kernel, plan);
      CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads_per_block,
                                                               plan.shared_bytes));
      kernel<<<grid_blocks(tutorial::Backend::device, plan, n, limits, per_sm), threads_per_block,
               plan.shared_bytes>>>(bins, nbins, input, n);
      break;
    }
    case Strategy::cluster: {
      prepare(clusterHist_kernel, plan);
      tutorial::ClusterLaunchConfig config{dim3(plan.cluster_size), dim3(threads_per_block),
                                           dim3(plan.cluster_size), plan.shared_bytes};
      int clusters = 0;  // clusters resident at once, to fill the GPU
      CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, clusterHist_kernel, config.get()));
      const int per_sm_equivalent =
          clusters * static_cast<int>(plan.cluster_size) / std::max(1, limits.multiprocessors);
      config.set_grid(dim3(
          grid_blocks(tutorial::Backend::device, plan, n, limits, std::max(1, per_sm_equivalent))));
      CUDA_CHECK(cudaLaunchKernelEx(config.get(), clusterHist_kernel, bins, nbins,
                                    plan.bins_per_block, input, static_cast<size_t>(n)));
      break;
    }
    case Strategy::automatic:
      throw std::logic_error("launch_on_device: plan() resolves automatic first");
  }
  CUDA_CHECK(cudaGetLastError());
}

namespace {

void launch_on_emulator(const Plan& plan, int* bins, const int* input, long long n,
                        const Limits& limits) {
  const int nbins = plan.nbins;
  require_aligned(input);
  const unsigned threads_per_block = threads_per_block_for(plan);
  const unsigned blocks = grid_blocks(tutorial::Backend::emulator, plan, n, limits, 0);
  switch (plan.strategy) {
    case Strategy::global:
      if (plan.hot.count > 0)
        simt::launch(blocks, threads_per_block, HistogramHotCached, bins, nbins, plan.hot, input,
                     n);
      else
        simt::launch(blocks, threads_per_block,
                     plan.warp_aggregated ? HistogramGlobal<true> : HistogramGlobal<false>, bins,
                     nbins, input, n);
      break;
    case Strategy::shared:
      simt::launch(simt::LaunchConfig{blocks, threads_per_block, plan.shared_bytes},
                   plan.warp_aggregated ? HistogramShared<true> : HistogramShared<false>, bins,
                   nbins, input, n);
      break;
    case Strategy::cluster: {
      simt::LaunchConfig config{
          blocks, threads_per_block, plan.shared_bytes, {plan.cluster_size, 1, 1}};
      config.non_portable_cluster_size_allowed = plan.cluster_size > 8;
      simt::launch(config, clusterHist_kernel, bins, nbins, plan.bins_per_block, input,
                   static_cast<size_t>(n));
      break;
    }
    case Strategy::automatic:
      throw std::logic_error("launch_on_emulator: plan() resolves automatic first");
  }
}
// [doc:launch]

}  // namespace

std::vector<int> compute(tutorial::Backend backend, const Plan& plan, const Limits& limits,
                         std::span<const int> input) {
  std::vector<int> bins(static_cast<std::size_t>(plan.nbins), 0);
  const auto n = static_cast<long long>(input.size());
  if (backend == tutorial::Backend::emulator) {
    // A copy when the caller's values are not 16-byte aligned (a vector's always are).
    std::vector<int> aligned;
    const int* values = input.data();
    if (reinterpret_cast<std::uintptr_t>(values) % alignof(int4) != 0) {
      aligned.assign(input.begin(), input.end());
      values = aligned.data();
    }
    launch_on_emulator(plan, bins.data(), values, n, limits);
    return bins;
  }
  tutorial::DeviceBuffer<int> d_input(input);
  tutorial::DeviceBuffer<int> d_bins(bins.size());
  CUDA_CHECK(cudaMemset(d_bins.get(), 0, bins.size() * sizeof(int)));  // the kernels add to bins
  launch_on_device(plan, d_bins.get(), d_input.get(), n, limits);
  d_bins.copy_to(bins);
  return bins;
}

// The plan: where the histogram lives, and whether warps aggregate their atomics.

std::string Plan::describe() const {
  const std::string size = tutorial::format_bytes(shared_bytes);
  const std::string aggregated = warp_aggregated ? ", warp-aggregated" : "";
  switch (strategy) {
    case Strategy::global:
      if (hot.count > 0)
        return "global atomics, " + std::to_string(hot.count) + " hot bin" +
               (hot.count == 1 ? "" : "s") + " in a shared-memory cache";
      return "global atomics" + aggregated;
    case Strategy::shared: return "shared memory per block (" + size + ")" + aggregated;
    case Strategy::cluster:
      return "cluster of " + std::to_string(cluster_size) + " blocks, " +
             std::to_string(bins_per_block) + " bins (" + size + ") per block";
    case Strategy::automatic: break;
  }
  return "auto";
}

Limits query_limits(tutorial::Backend backend) {
  if (backend == tutorial::Backend::emulator)
    return {simt::max_shared_bytes_per_block, simt::max_cluster_size, 0};
  Limits limits;
  int device = 0, optin = 0, sms = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  CUDA_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  limits.shared_bytes_per_block = static_cast<std::size_t>(optin);
  limits.multiprocessors = sms;
  // The largest cluster the device schedules for this kernel with all the shared memory a
  // block can have, with non-portable sizes allowed.
  CUDA_CHECK(
      cudaFuncSetAttribute(clusterHist_kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  CUDA_CHECK(
      cudaFuncSetAttribute(clusterHist_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, optin));
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(16 * sms);
  config.blockDim = dim3(threads_per_block_for(Plan{}));
  config.dynamicSmemBytes = static_cast<size_t>(optin);
  int max_cluster = 0;
  CUDA_CHECK(cudaOccupancyMaxPotentialClusterSize(&max_cluster, clusterHist_kernel, &config));
  limits.max_cluster_size = static_cast<unsigned>(std::max(1, max_cluster));
  return limits;
}

// [doc:plan]
namespace {

std::size_t bytes_for(long long bins) { return static_cast<std::size_t>(bins) * sizeof(int); }

// The histogram split over a cluster of `size` blocks.
Plan cluster_plan(int nbins, unsigned size) {
  const int per_block = static_cast<int>((nbins + size - 1) / size);
  return Plan{Strategy::cluster, nbins, size, per_block, bytes_for(per_block)};
}

// Where the histogram lives: the strategy, cluster size and shared memory for `nbins`.
Plan placement(Strategy strategy, unsigned cluster_size, int nbins, const Limits& limits) {
  const std::string one_block = tutorial::format_bytes(limits.shared_bytes_per_block);

  switch (strategy) {
    case Strategy::global: return Plan{Strategy::global, nbins, 1, 0, 0};
    case Strategy::shared:
      if (bytes_for(nbins) > limits.shared_bytes_per_block)
        throw tutorial::UsageError("--strategy shared",
                                   std::to_string(nbins) + " bins need " +
                                       tutorial::format_bytes(bytes_for(nbins)) +
                                       " of shared memory; a block has at most " + one_block);
      return Plan{Strategy::shared, nbins, 1, nbins, bytes_for(nbins)};
    case Strategy::cluster: {
      if (cluster_size > limits.max_cluster_size)
        throw tutorial::UsageError("--cluster-size", "this device schedules clusters of at most " +
                                                         std::to_string(limits.max_cluster_size) +
                                                         " blocks");
      if (cluster_size != 0) {
        const Plan p = cluster_plan(nbins, cluster_size);
        if (p.shared_bytes > limits.shared_bytes_per_block)
          throw tutorial::UsageError("--cluster-size",
                                     std::to_string(nbins) + " bins over " +
                                         std::to_string(cluster_size) + " blocks need " +
                                         tutorial::format_bytes(p.shared_bytes) +
                                         " per block; a block has at most " + one_block);
        return p;
      }
      for (unsigned size = 1; size <= limits.max_cluster_size; size *= 2)
        if (const Plan p = cluster_plan(nbins, size);
            p.shared_bytes <= limits.shared_bytes_per_block)
          return p;
      throw tutorial::UsageError(
          "--strategy cluster",
          std::to_string(nbins) + " bins do not fit in the shared memory of " +
              std::to_string(limits.max_cluster_size) + " blocks of " + one_block);
    }
    case Strategy::automatic:
      // The guide's point: the cluster size can follow the number of bins. One block's shared
      // memory if the histogram fits there; otherwise the smallest cluster whose distributed
      // shared memory holds it, up to auto_max_cluster_size; otherwise device memory.
      if (bytes_for(nbins) <= limits.shared_bytes_per_block)
        return Plan{Strategy::shared, nbins, 1, nbins, bytes_for(nbins)};
      for (unsigned size = 2; size <= std::min(auto_max_cluster_size, limits.max_cluster_size);
           size *= 2)
        if (const Plan p = cluster_plan(nbins, size);
            p.shared_bytes <= limits.shared_bytes_per_block)
          return p;
      return Plan{Strategy::global, nbins, 1, 0, 0};
  }
  return Plan{};
}

// The bins the cache is given: the hot bins of the histogram, the most frequent first, as many
// as fit.
HotBins cache_of(const std::vector<int>& hot_bins, int nbins) {
  HotBins hot;
  for (const int bin : hot_bins)
    if (hot.count < kMaxHotBins && bin >= 0 && bin < nbins) hot.bins[hot.count++] = bin;
  return hot;
}

}  // namespace

Plan plan(Strategy strategy, unsigned cluster_size, int nbins, const Limits& limits,
          Aggregation aggregation, HotBinCache cache, const InputSample& sample) {
  if (cache == HotBinCache::on && strategy != Strategy::global && strategy != Strategy::automatic)
    throw tutorial::UsageError("--hot-bin-cache",
                               "applies to the global strategy (the others count in shared "
                               "memory already)");
  if (cache == HotBinCache::on && aggregation == Aggregation::on)
    throw tutorial::UsageError("--warp-aggregation",
                               "does not combine with --hot-bin-cache on: the cached kernel "
                               "counts hot bins in shared memory instead");
  // The rule auto follows for hot bins: when the histogram does not fit in one block's shared
  // memory, count in device memory with the hot bins cached in shared memory. On an H100 at
  // 65,536 bins that beat a cluster of two 4.2x on skewed input and 10.6x on a single value.
  const bool too_big_for_one_block = bytes_for(nbins) > limits.shared_bytes_per_block;
  const bool cached = !sample.hot_bins.empty() &&
                      (cache == HotBinCache::on ||
                       (cache == HotBinCache::automatic && aggregation != Aggregation::on &&
                        (strategy == Strategy::global ||
                         (strategy == Strategy::automatic && too_big_for_one_block))));
  Plan p = placement(cached ? Strategy::global : strategy, cluster_size, nbins, limits);
  if (cached) {
    p.hot = cache_of(sample.hot_bins, nbins);
    return p;
  }
  if (aggregation == Aggregation::on && p.strategy == Strategy::cluster)
    throw tutorial::UsageError("--warp-aggregation",
                               "applies to the global and shared strategies (the cluster "
                               "kernel is the guide's, unchanged)");
  // The rule auto follows: aggregate the atomics in device memory when the warps' values share
  // bins. In shared memory it does not pay on an H100 (same-address shared atomics of a warp
  // cost no more there than spread ones, and the match costs extra); the cluster kernel is the
  // guide's, unchanged.
  p.warp_aggregated =
      p.strategy != Strategy::cluster &&
      (aggregation == Aggregation::on || (aggregation == Aggregation::automatic &&
                                          sample.contended() && p.strategy == Strategy::global));
  return p;
}
// [doc:plan]

std::vector<Plan> every_plan(int nbins, const Limits& limits, const std::vector<int>& hot_bins) {
  std::vector<Plan> plans;
  const bool one_block = bytes_for(nbins) <= limits.shared_bytes_per_block;
  for (const Aggregation a : {Aggregation::off, Aggregation::on}) {
    plans.push_back(plan(Strategy::global, 0, nbins, limits, a));
    if (one_block) plans.push_back(plan(Strategy::shared, 0, nbins, limits, a));
  }
  if (!hot_bins.empty())
    plans.push_back(plan(Strategy::global, 0, nbins, limits, Aggregation::off, HotBinCache::on,
                         InputSample{32, hot_bins}));
  for (unsigned size = 1; size <= limits.max_cluster_size; size *= 2)
    if (const Plan p = cluster_plan(nbins, size); p.shared_bytes <= limits.shared_bytes_per_block)
      plans.push_back(p);
  return plans;
}

}  // namespace histogram
