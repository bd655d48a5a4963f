// Chapter 04's host code, as the CUDA runtime API writes it: the launches (<<<>>> and, for the
// cluster whose size follows the number of bins, cudaLaunchKernelEx), then the plan (where the
// histogram lives, whether warps aggregate their atomics) and the device's limits. nvcc builds
// this file for the GPU; simt translates the very same file for the CPU emulator (the sample's
// CPU build).

#include "histogram.hpp"
#include "histogram_kernels.cuh"

#include "common/cluster_launch.hpp"
#include "common/cuda_check.hpp"
#include "common/device_buffer.hpp"
#include "common/memory_budget.hpp"
#include "common/usage_error.hpp"

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

// Blocks for a grid-stride launch: as many as are resident on the GPU at once
// (`resident_per_sm` on each SM), a whole number of clusters, never more than the work needs.
unsigned grid_blocks(const Plan& plan, long long n, const Limits& limits, int resident_per_sm) {
  const unsigned threads_per_block = threads_per_block_for(plan);
  const long long needed = std::max<long long>(1, (n + threads_per_block - 1) / threads_per_block);
  long long blocks = std::min<long long>(
      static_cast<long long>(limits.multiprocessors) * std::max(1, resident_per_sm), needed);
  blocks = std::max<long long>(plan.cluster_size, blocks / plan.cluster_size * plan.cluster_size);
  return static_cast<unsigned>(blocks);
}

// The global and shared kernels read the input 16 bytes at a time.
void require_aligned(const int* input) {
  if (reinterpret_cast<std::uintptr_t>(input) % alignof(int4) != 0)
    throw std::invalid_argument("histogram: the input must be 16-byte aligned");
}

// Above the default 48 KiB of dynamic shared memory, a kernel must opt in before its launch.
template <class... Params>
void allow_shared_bytes(void (*kernel)(Params...), std::size_t shared_bytes) {
  if (shared_bytes > 48 * 1024)
    CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(shared_bytes)));
}

// Blocks of `kernel` resident on one SM at once, for a grid that fills the GPU.
template <class... Params>
int blocks_per_sm(void (*kernel)(Params...), unsigned threads, std::size_t shared_bytes) {
  allow_shared_bytes(kernel, shared_bytes);
  int blocks = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocks, kernel, static_cast<int>(threads), shared_bytes));
  return blocks;
}

}  // namespace

// [doc:launch]
void launch(const Plan& plan, int* bins, const int* input, long long n, const Limits& limits) {
  const int nbins = plan.nbins;
  const unsigned threads = threads_per_block_for(plan);
  require_aligned(input);
  switch (plan.strategy) {
    case Strategy::global: {
      if (plan.hot.count > 0) {
        const unsigned blocks =
            grid_blocks(plan, n, limits, blocks_per_sm(HistogramHotCached, threads, 0));
        HistogramHotCached<<<blocks, threads>>>(bins, nbins, plan.hot, input, n);
        break;
      }
      const auto kernel = plan.warp_aggregated ? HistogramGlobal<true> : HistogramGlobal<false>;
      const unsigned blocks = grid_blocks(plan, n, limits, blocks_per_sm(kernel, threads, 0));
      kernel<<<blocks, threads>>>(bins, nbins, input, n);
      break;
    }
    case Strategy::shared: {
      const auto kernel = plan.warp_aggregated ? HistogramShared<true> : HistogramShared<false>;
      const unsigned blocks =
          grid_blocks(plan, n, limits, blocks_per_sm(kernel, threads, plan.shared_bytes));
      kernel<<<blocks, threads, plan.shared_bytes>>>(bins, nbins, input, n);
      break;
    }
    case Strategy::cluster: {
      // The cluster size follows the number of bins, so it is given at launch time: a
      // cudaLaunchKernelEx attribute (chapter 03). More than 8 blocks is a non-portable size,
      // which the kernel must allow.
      allow_shared_bytes(clusterHist_kernel, plan.shared_bytes);
      CUDA_CHECK(cudaFuncSetAttribute(clusterHist_kernel,
                                      cudaFuncAttributeNonPortableClusterSizeAllowed,
                                      plan.cluster_size > 8 ? 1 : 0));
      const dim3 cluster(plan.cluster_size);
      tutorial::ClusterLaunchConfig config{cluster, dim3(threads), cluster, plan.shared_bytes};
      // The clusters resident at once, as blocks per SM: clusters stay within a GPC, so it is
      // not simply the blocks that fit on one SM.
      int clusters = 0;
      CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, clusterHist_kernel, config.get()));
      const int per_sm = std::max(
          1, clusters * static_cast<int>(plan.cluster_size) / std::max(1, limits.multiprocessors));
      config.set_grid(dim3(grid_blocks(plan, n, limits, per_sm)));
      CUDA_CHECK(cudaLaunchKernelEx(config.get(), clusterHist_kernel, bins, nbins,
                                    plan.bins_per_block, input, static_cast<size_t>(n)));
      break;
    }
    case Strategy::automatic: throw std::logic_error("launch: plan() resolves automatic first");
  }
  CUDA_CHECK(cudaGetLastError());  // a launch the device refuses (the grid, the shared memory)
}
// [doc:launch]

// [doc:compute]
std::vector<int> compute(const Plan& plan, const Limits& limits, std::span<const int> input) {
  std::vector<int> bins(static_cast<std::size_t>(plan.nbins));
  tutorial::DeviceBuffer<int> d_input(input.size()), d_bins(bins.size());
  CUDA_CHECK(cudaMemcpy(d_input.get(), input.data(), input.size_bytes(), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_bins.get(), 0, bins.size() * sizeof(int)));  // the kernels add to bins
  launch(plan, d_bins.get(), d_input.get(), static_cast<long long>(input.size()), limits);
  CUDA_CHECK(
      cudaMemcpy(bins.data(), d_bins.get(), bins.size() * sizeof(int), cudaMemcpyDeviceToHost));
  return bins;
}
// [doc:compute]

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

Limits query_limits() {
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
          Setting aggregation, Setting cache, const InputSample& sample) {
  if (cache == Setting::on && strategy != Strategy::global && strategy != Strategy::automatic)
    throw tutorial::UsageError("--hot-bin-cache",
                               "applies to the global strategy (the others count in shared "
                               "memory already)");
  if (cache == Setting::on && aggregation == Setting::on)
    throw tutorial::UsageError("--warp-aggregation",
                               "does not combine with --hot-bin-cache on: the cached kernel "
                               "counts hot bins in shared memory instead");
  // The rule auto follows for hot bins: when the histogram does not fit in one block's shared
  // memory, count in device memory with the hot bins cached in shared memory. On an H100 at
  // 65,536 bins that beat a cluster of two 4.2x on skewed input and 10.6x on a single value.
  const bool too_big_for_one_block = bytes_for(nbins) > limits.shared_bytes_per_block;
  const bool cached =
      !sample.hot_bins.empty() &&
      (cache == Setting::on || (cache == Setting::automatic && aggregation != Setting::on &&
                                (strategy == Strategy::global ||
                                 (strategy == Strategy::automatic && too_big_for_one_block))));
  Plan p = placement(cached ? Strategy::global : strategy, cluster_size, nbins, limits);
  if (cached) {
    p.hot = cache_of(sample.hot_bins, nbins);
    return p;
  }
  if (aggregation == Setting::on && p.strategy == Strategy::cluster)
    throw tutorial::UsageError("--warp-aggregation",
                               "applies to the global and shared strategies (the cluster "
                               "kernel is the guide's, unchanged)");
  // The rule auto follows: aggregate the atomics in device memory when the warps' values share
  // bins. In shared memory it does not pay on an H100 (same-address shared atomics of a warp
  // cost no more there than spread ones, and the match costs extra); the cluster kernel is the
  // guide's, unchanged.
  p.warp_aggregated =
      p.strategy != Strategy::cluster &&
      (aggregation == Setting::on ||
       (aggregation == Setting::automatic && sample.contended() && p.strategy == Strategy::global));
  return p;
}
// [doc:plan]

std::vector<Plan> every_plan(int nbins, const Limits& limits, const std::vector<int>& hot_bins) {
  std::vector<Plan> plans;
  const bool one_block = bytes_for(nbins) <= limits.shared_bytes_per_block;
  for (const Setting a : {Setting::off, Setting::on}) {
    plans.push_back(plan(Strategy::global, 0, nbins, limits, a));
    if (one_block) plans.push_back(plan(Strategy::shared, 0, nbins, limits, a));
  }
  if (!hot_bins.empty())
    plans.push_back(plan(Strategy::global, 0, nbins, limits, Setting::off, Setting::on,
                         InputSample{32, hot_bins}));
  for (unsigned size = 1; size <= limits.max_cluster_size; size *= 2)
    if (const Plan p = cluster_plan(nbins, size); p.shared_bytes <= limits.shared_bytes_per_block)
      plans.push_back(p);
  return plans;
}

}  // namespace histogram
