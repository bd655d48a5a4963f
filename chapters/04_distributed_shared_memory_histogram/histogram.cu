// Chapter 04's launches: the kernels on the GPU and on the CPU emulator, then the plan (where
// the histogram lives, whether warps aggregate their atomics) and the device's limits.

#include "histogram.hpp"
#include "histogram_kernels.cuh"

#include "common/backend_launch.hpp"
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

// Blocks of `kernel` that fit on one SM at once, for a grid that fills the GPU; for a cluster
// shape, the clusters that fit on the GPU at once, as blocks per SM (at least 1); 0 on the
// emulator. The occupancy calculator counts only what the kernel may launch with: first its
// shared-memory limit goes up to what the launch asks (above the default 48 KiB a kernel must
// opt in), and clusters of more than 8 blocks are allowed where the shape has them.
template <class... Params>
int blocks_per_sm(tutorial::Backend backend, void (*kernel)(Params...),
                  const tutorial::LaunchShape& shape, const Limits& limits) {
  if (backend == tutorial::Backend::emulator) return 0;
  if (shape.shared_bytes > 48 * 1024)
    CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    static_cast<int>(shape.shared_bytes)));
  const auto cluster_blocks = static_cast<int>(shape.cluster.x * shape.cluster.y * shape.cluster.z);
  if (cluster_blocks == 1) {
    int blocks = 0;
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, shape.block.x,
                                                             shape.shared_bytes));
    return blocks;
  }
  if (shape.non_portable_cluster_size_allowed)
    CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  const tutorial::ClusterLaunchConfig config{shape.cluster, shape.block, shape.cluster,
                                             shape.shared_bytes};
  int clusters = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveClusters(&clusters, kernel, config.get()));
  return std::max(1, clusters * cluster_blocks / std::max(1, limits.multiprocessors));
}

}  // namespace

// [doc:launch]
void launch(tutorial::Backend backend, const Plan& plan, int* bins, const int* input, long long n,
            const Limits& limits) {
  const int nbins = plan.nbins;
  require_aligned(input);
  tutorial::LaunchShape shape{.grid = 1, .block = threads_per_block_for(plan)};  // grid below
  switch (plan.strategy) {
    case Strategy::global: {
      if (plan.hot.count > 0) {
        shape.grid = grid_blocks(backend, plan, n, limits,
                                 blocks_per_sm(backend, HistogramHotCached, shape, limits));
        tutorial::launch_on(backend, shape, HistogramHotCached, bins, nbins, plan.hot, input, n);
        break;
      }
      const auto kernel = plan.warp_aggregated ? HistogramGlobal<true> : HistogramGlobal<false>;
      shape.grid =
          grid_blocks(backend, plan, n, limits, blocks_per_sm(backend, kernel, shape, limits));
      tutorial::launch_on(backend, shape, kernel, bins, nbins, input, n);
      break;
    }
    case Strategy::shared: {
      const auto kernel = plan.warp_aggregated ? HistogramShared<true> : HistogramShared<false>;
      shape.shared_bytes = plan.shared_bytes;
      shape.grid =
          grid_blocks(backend, plan, n, limits, blocks_per_sm(backend, kernel, shape, limits));
      tutorial::launch_on(backend, shape, kernel, bins, nbins, input, n);
      break;
    }
    case Strategy::cluster: {
      shape.shared_bytes = plan.shared_bytes;
      shape.cluster = dim3(plan.cluster_size);
      shape.non_portable_cluster_size_allowed = plan.cluster_size > 8;
      shape.grid = grid_blocks(backend, plan, n, limits,
                               blocks_per_sm(backend, clusterHist_kernel, shape, limits));
      tutorial::launch_on(backend, shape, clusterHist_kernel, bins, nbins, plan.bins_per_block,
                          input, static_cast<size_t>(n));
      break;
    }
    case Strategy::automatic: throw std::logic_error("launch: plan() resolves automatic first");
  }
}
// [doc:launch]

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
    launch(backend, plan, bins.data(), values, n, limits);
    return bins;
  }
  tutorial::DeviceBuffer<int> d_input(input);
  tutorial::DeviceBuffer<int> d_bins(bins.size());
  CUDA_CHECK(cudaMemset(d_bins.get(), 0, bins.size() * sizeof(int)));  // the kernels add to bins
  launch(backend, plan, d_bins.get(), d_input.get(), n, limits);
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
