/// @file
/// @brief The runtime API's launches: `<<<...>>>` through the kernels' stubs, cudaLaunchKernel
/// and its cooperative and extensible forms, kernel attributes and occupancy. A launch runs the
/// kernel to the end before it returns. A launch the GPU refuses returns the GPU's error; a
/// kernel the emulator finds at fault leaves the GPU's sticky error, and the emulator's report
/// (kernel, block, thread, line) is printed on standard error, so that the program's own error
/// check runs as on the GPU and the learner still sees where it went wrong.

#include <simt/runtime/cuda_runtime_api.h>
#include <simt/detail/registry.hpp>
#include <simt/errors.hpp>
#include <simt/launch.hpp>
#include <simt/runtime/kernel_stubs.hpp>
#include <simt/settings.hpp>
#include "../host_threads.hpp"
#include "runtime_state.hpp"
#include "stream_work.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

using simt::runtime::record;
using simt::runtime::sticky_error;

namespace {

/// A kernel as host code names it: its twin, and the attributes the program set.
struct Stub {
  const void* twin;
  simt::runtime::detail::TwinLauncher launch;
  const std::size_t* parameter_bytes;
  std::size_t parameter_count;
  int max_dynamic_shared_bytes = 48 * 1024;  // the GPU's default, raised by cudaFuncSetAttribute
  bool non_portable_cluster_size_allowed = false;
};

struct Stubs {
  simt::detail::HostMutex mutex;
  std::map<const void*, Stub> by_stub;
};

Stubs& stubs() {
  static Stubs instance;
  return instance;
}

Stub* find_stub(const void* stub) {
  Stubs& s = stubs();
  std::lock_guard lock(s.mutex);
  const auto found = s.by_stub.find(stub);
  return found == s.by_stub.end() ? nullptr : &found->second;
}

struct Pushed {
  simt::LaunchConfig config;
  cudaStream_t stream;
};

/// What this host thread's `<<<...>>>`s pushed and their stubs have not taken yet.
std::vector<Pushed>& pushed_configurations() {
  thread_local std::vector<Pushed> stack;
  return stack;
}

const char* name_of(const Stub& stub) {
  const simt::detail::KernelEntry* entry = simt::detail::find_kernel(stub.twin);
  return entry != nullptr ? entry->name : "(unnamed)";
}

simt::Dim3 dim(dim3 d) { return simt::Dim3{d.x, d.y, d.z}; }

/// The stub of `function`, or null after saying that it is no kernel.
const Stub* kernel_of(const void* function) {
  const Stub* stub = find_stub(function);
  if (stub == nullptr)
    std::fprintf(stderr,
                 "simt: cudaErrorInvalidDeviceFunction: the function launched is no kernel of "
                 "this program (a kernel's host function, as `Kernel<<<...>>>` names it, is)\n");
  return stub;
}

/// A whole program's settings: the emulator's, but for the bank counters, which nothing in
/// CUDA's API reads and which cost more than the rest of a barrier-heavy kernel's emulation: they
/// count only when SIMT_BANK_COUNTERS asks for them, or when the program turns them on through
/// simt::settings(). Applied before main (this file is in every program that launches through
/// the runtime), so that a program's own choice, made later, stands.
const bool whole_program_settings_applied = [] {
  if (std::getenv("SIMT_BANK_COUNTERS") == nullptr) simt::settings().count_bank_conflicts = false;
  return true;
}();

/// Runs the kernel of `stub` with `config`; the runtime's error for what went wrong.
cudaError_t run(const void* function, simt::LaunchConfig config, void* const* arguments) {
  if (cudaError_t e = sticky_error()) return e;
  const Stub* stub = kernel_of(function);
  if (stub == nullptr) return record(cudaErrorInvalidDeviceFunction);
  if (config.dynamic_shared_bytes > std::size_t(stub->max_dynamic_shared_bytes)) {
    std::fprintf(stderr,
                 "simt: cudaErrorInvalidValue: launch of kernel %s with %zu bytes of dynamic "
                 "shared memory, above its limit of %d (cudaFuncSetAttribute with "
                 "cudaFuncAttributeMaxDynamicSharedMemorySize raises it, up to %zu)\n",
                 name_of(*stub), config.dynamic_shared_bytes, stub->max_dynamic_shared_bytes,
                 simt::max_shared_bytes_per_block);
    return record(cudaErrorInvalidValue);
  }
  config.non_portable_cluster_size_allowed =
      config.non_portable_cluster_size_allowed || stub->non_portable_cluster_size_allowed;
  try {
    // simt::launch() checks the configuration against the kernel's __cluster_dims__ and image.
    stub->launch(config, arguments);
    return cudaSuccess;
  } catch (const simt::LaunchError& e) {
    const auto error = static_cast<cudaError_t>(e.cuda_error());
    std::fprintf(stderr, "simt: %s: %s\n", cudaGetErrorName(error), e.what());
    return record(error);
  } catch (const simt::KernelError& e) {
    const auto error = static_cast<cudaError_t>(e.cuda_error());
    std::fprintf(stderr, "simt: %s: %s\n", cudaGetErrorName(error), e.what());
    return simt::runtime::make_sticky(error);
  } catch (const std::bad_alloc&) {
    return simt::runtime::make_sticky(cudaErrorMemoryAllocation);
  }
}

/// A launch on `stream`: run now, or a node of the graph the stream is being captured into.
cudaError_t launch_in_stream(cudaStream_t stream, const void* function,
                             const simt::LaunchConfig& config, void* const* arguments) {
  if (!simt::runtime::capturing(stream)) return run(function, config, arguments);
  simt::runtime::StreamWork work;
  if (cudaError_t e = simt::runtime::kernel_work(function, config, arguments, &work)) return e;
  return simt::runtime::issue(stream, cudaGraphNodeTypeKernel, std::move(work));
}

}  // namespace

namespace simt::runtime {

cudaError_t kernel_work(const void* function, const simt::LaunchConfig& config,
                        void* const* arguments, StreamWork* work) {
  if (cudaError_t e = sticky_error()) return e;
  const Stub* stub = kernel_of(function);
  if (stub == nullptr) return record(cudaErrorInvalidDeviceFunction);
  if (arguments == nullptr && stub->parameter_count != 0) return record(cudaErrorInvalidValue);
  // The arguments' bytes, copied now: the program may change or free them before a launch.
  std::vector<std::size_t> offsets;
  std::vector<std::byte> bytes;
  for (std::size_t i = 0; i < stub->parameter_count; ++i) {
    offsets.push_back(bytes.size());
    const auto* first = static_cast<const std::byte*>(arguments[i]);
    bytes.insert(bytes.end(), first, first + stub->parameter_bytes[i]);
  }
  *work = [function, config, offsets = std::move(offsets), bytes = std::move(bytes)] {
    std::vector<void*> pointers;
    for (const std::size_t offset : offsets)
      pointers.push_back(const_cast<std::byte*>(bytes.data() + offset));
    pointers.push_back(nullptr);
    return run(function, config, pointers.data());
  };
  return cudaSuccess;
}

}  // namespace simt::runtime

namespace simt::runtime::detail {

StubRegistration::StubRegistration(const void* stub, const void* twin, TwinLauncher launch,
                                   const std::size_t* parameter_bytes,
                                   std::size_t parameter_count) {
  Stubs& s = stubs();
  std::lock_guard lock(s.mutex);
  s.by_stub.try_emplace(stub, Stub{twin, launch, parameter_bytes, parameter_count});
  // simt::launch(config, Kernel, ...) in the program's host code names the stub: the emulator's
  // registry finds the twin through it.
  simt::detail::twin_of_stub = [](const void* function) -> const void* {
    const Stub* found = find_stub(function);
    return found != nullptr ? found->twin : nullptr;
  };
}

void launch_pushed(const void* stub, void* const* arguments) {
  std::vector<Pushed>& stack = pushed_configurations();
  if (stack.empty()) {
    record(cudaErrorMissingConfiguration);
    return;
  }
  const Pushed pushed = stack.back();
  stack.pop_back();
  launch_in_stream(pushed.stream, stub, pushed.config, arguments);
}

}  // namespace simt::runtime::detail

cudaError_t __cudaPushCallConfiguration(dim3 grid, dim3 block, std::size_t shared_bytes,
                                        cudaStream_t stream) {
  simt::LaunchConfig config{dim(grid), dim(block), shared_bytes};
  pushed_configurations().push_back(Pushed{config, stream});
  return cudaSuccess;
}

cudaError_t cudaLaunchKernel(const void* function, dim3 grid, dim3 block, void** arguments,
                             std::size_t shared_bytes, cudaStream_t stream) {
  return launch_in_stream(stream, function, simt::LaunchConfig{dim(grid), dim(block), shared_bytes},
                          arguments);
}

cudaError_t cudaLaunchCooperativeKernel(const void* function, dim3 grid, dim3 block,
                                        void** arguments, std::size_t shared_bytes,
                                        cudaStream_t stream) {
  simt::LaunchConfig config{dim(grid), dim(block), shared_bytes};
  config.cooperative = true;
  return launch_in_stream(stream, function, config, arguments);
}

cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t* shape, const void* function,
                                void** arguments) {
  if (shape == nullptr || (shape->numAttrs != 0 && shape->attrs == nullptr))
    return record(cudaErrorInvalidValue);
  simt::LaunchConfig config{dim(shape->gridDim), dim(shape->blockDim), shape->dynamicSmemBytes};
  for (unsigned i = 0; i < shape->numAttrs; ++i) {
    const cudaLaunchAttribute& a = shape->attrs[i];
    switch (a.id) {
      case cudaLaunchAttributeIgnore:
      case cudaLaunchAttributeAccessPolicyWindow: break;  // no L2 to keep lines in
      case cudaLaunchAttributeCooperative: config.cooperative = a.val.cooperative != 0; break;
      case cudaLaunchAttributeClusterDimension:
        config.cluster = simt::Dim3{a.val.clusterDim.x, a.val.clusterDim.y, a.val.clusterDim.z};
        break;
      default: return record(cudaErrorInvalidValue);
    }
  }
  return launch_in_stream(shape->stream, function, config, arguments);
}

cudaError_t cudaFuncSetAttribute(const void* function, cudaFuncAttribute attribute, int value) {
  if (cudaError_t e = sticky_error()) return e;
  Stub* stub = find_stub(function);
  if (stub == nullptr) return record(cudaErrorInvalidDeviceFunction);
  switch (attribute) {
    case cudaFuncAttributeMaxDynamicSharedMemorySize:
      if (value < 0 || std::size_t(value) > simt::max_shared_bytes_per_block)
        return record(cudaErrorInvalidValue);
      stub->max_dynamic_shared_bytes = value;
      return cudaSuccess;
    case cudaFuncAttributeNonPortableClusterSizeAllowed:
      stub->non_portable_cluster_size_allowed = value != 0;
      return cudaSuccess;
    case cudaFuncAttributePreferredSharedMemoryCarveout:
      return value >= -1 && value <= 100 ? cudaSuccess : record(cudaErrorInvalidValue);
    default: return record(cudaErrorInvalidValue);
  }
}

cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, const void* function) {
  if (cudaError_t e = sticky_error()) return e;
  if (attributes == nullptr) return record(cudaErrorInvalidValue);
  const Stub* stub = find_stub(function);
  if (stub == nullptr) return record(cudaErrorInvalidDeviceFunction);
  const simt::detail::KernelEntry* entry = simt::detail::find_kernel(stub->twin);
  const int arch = entry != nullptr ? entry->cuda_arch : 900;
  *attributes = cudaFuncAttributes{};
  attributes->maxThreadsPerBlock = 1024;
  attributes->ptxVersion = arch / 10;
  attributes->binaryVersion = arch / 10;
  attributes->maxDynamicSharedSizeBytes = stub->max_dynamic_shared_bytes;
  attributes->preferredShmemCarveout = -1;
  attributes->nonPortableClusterSizeAllowed = stub->non_portable_cluster_size_allowed;
  if (entry != nullptr && entry->cluster_dims != simt::Dim3{1, 1, 1}) {
    attributes->clusterDimMustBeSet = 1;
    attributes->requiredClusterWidth = int(entry->cluster_dims.x);
    attributes->requiredClusterHeight = int(entry->cluster_dims.y);
    attributes->requiredClusterDepth = int(entry->cluster_dims.z);
  }
  return cudaSuccess;
}

cudaError_t cudaFuncSetCacheConfig(const void* function, cudaFuncCache) {
  if (cudaError_t e = sticky_error()) return e;
  return find_stub(function) != nullptr ? cudaSuccess : record(cudaErrorInvalidDeviceFunction);
}

cudaError_t cudaFuncSetSharedMemConfig(const void* function, cudaSharedMemConfig) {
  if (cudaError_t e = sticky_error()) return e;
  return find_stub(function) != nullptr ? cudaSuccess : record(cudaErrorInvalidDeviceFunction);
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int* blocks, const void* function, int block_size, std::size_t shared_bytes, unsigned int) {
  if (cudaError_t e = sticky_error()) return e;
  if (blocks == nullptr || block_size <= 0) return record(cudaErrorInvalidValue);
  if (find_stub(function) == nullptr) return record(cudaErrorInvalidDeviceFunction);
  cudaDeviceProp p{};
  cudaGetDeviceProperties(&p, 0);
  if (block_size > p.maxThreadsPerBlock) {
    *blocks = 0;
    return cudaSuccess;
  }
  // Limited by blocks, warps and shared memory per multiprocessor (registers are the GPU
  // compiler's, which the emulator does not have).
  const int warps = (block_size + p.warpSize - 1) / p.warpSize;
  const std::size_t shared = shared_bytes + p.reservedSharedMemPerBlock;
  *blocks =
      std::min({p.maxBlocksPerMultiProcessor, p.maxThreadsPerMultiProcessor / p.warpSize / warps,
                int(p.sharedMemPerMultiprocessor / shared)});
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, const void* function,
                                                          int block_size,
                                                          std::size_t shared_bytes) {
  return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(blocks, function, block_size,
                                                                shared_bytes, 0);
}

namespace {

// How many clusters of 1 to 16 blocks an H100 80GB HBM3 holds at once (CUDA 13.0's
// cudaOccupancyMaxActiveClusters, measured for 1 to 8 blocks per multiprocessor; with more than
// 8 blocks per multiprocessor it answers as for 8). A cluster's blocks share a GPC, and the GPCs
// differ in size, so these are not (132 x blocks per SM) / cluster size.
constexpr int h100_active_clusters[8][16] = {
    {132, 66, 39, 30, 22, 17, 15, 15, 9, 7, 7, 7, 7, 7, 7, 7},
    {264, 132, 79, 62, 47, 39, 32, 30, 23, 21, 16, 16, 14, 14, 14, 14},
    {396, 198, 124, 92, 69, 62, 47, 45, 37, 30, 28, 28, 23, 21, 21, 21},
    {528, 264, 163, 124, 94, 79, 69, 62, 51, 44, 37, 37, 30, 30, 28, 28},
    {660, 330, 203, 154, 124, 101, 84, 77, 60, 58, 51, 44, 42, 37, 37, 35},
    {792, 396, 248, 186, 146, 124, 101, 92, 74, 65, 58, 58, 51, 44, 44, 42},
    {924, 462, 287, 216, 171, 141, 124, 107, 88, 79, 72, 65, 58, 58, 51, 49},
    {1056, 528, 327, 248, 193, 163, 139, 124, 102, 88, 81, 74, 67, 65, 58, 58}};

// The cluster shape of a launch: its cudaLaunchAttributeClusterDimension, else the kernel's
// __cluster_dims__; none when neither gives one.
std::optional<simt::Dim3> cluster_of(const cudaLaunchConfig_t& config, const Stub& stub) {
  for (unsigned i = 0; i < config.numAttrs; ++i)
    if (config.attrs[i].id == cudaLaunchAttributeClusterDimension) {
      const auto& d = config.attrs[i].val.clusterDim;
      return simt::Dim3{d.x, d.y, d.z};
    }
  const simt::detail::KernelEntry* entry = simt::detail::find_kernel(stub.twin);
  if (entry != nullptr && entry->cluster_dims != simt::Dim3{1, 1, 1}) return entry->cluster_dims;
  return std::nullopt;
}

}  // namespace

cudaError_t cudaOccupancyMaxPotentialClusterSize(int* cluster_size, const void* function,
                                                 const cudaLaunchConfig_t* config) {
  if (cudaError_t e = sticky_error()) return e;
  if (cluster_size == nullptr || config == nullptr ||
      (config->numAttrs != 0 && config->attrs == nullptr))
    return record(cudaErrorInvalidValue);
  const Stub* stub = find_stub(function);
  if (stub == nullptr) return record(cudaErrorInvalidDeviceFunction);
  // An H100 answers 8, the portable size, or with the non-portable attribute 16, the blocks of
  // a GPC, whatever the blocks' shared memory (measured from 0 to 200 KB per block).
  *cluster_size = int(stub->non_portable_cluster_size_allowed ? simt::max_cluster_size
                                                              : simt::max_portable_cluster_size);
  return cudaSuccess;
}

cudaError_t cudaOccupancyMaxActiveClusters(int* clusters, const void* function,
                                           const cudaLaunchConfig_t* config) {
  if (cudaError_t e = sticky_error()) return e;
  if (clusters == nullptr || config == nullptr ||
      (config->numAttrs != 0 && config->attrs == nullptr))
    return record(cudaErrorInvalidValue);
  const Stub* stub = find_stub(function);
  if (stub == nullptr) return record(cudaErrorInvalidDeviceFunction);
  const std::optional<simt::Dim3> cluster = cluster_of(*config, *stub);
  if (!cluster) {  // as an H100 answers a launch without clusters
    *clusters = 0;
    return cudaSuccess;
  }
  const simt::Dim3 grid = dim(config->gridDim);
  const std::uint64_t size = cluster->volume();
  if (size > simt::max_cluster_size) {  // as an H100 answers 16 x 2 and 32 blocks (not 17: 16)
    *clusters = 0;
    return cudaSuccess;
  }
  const std::uint64_t largest = stub->non_portable_cluster_size_allowed
                                    ? simt::max_cluster_size
                                    : simt::max_portable_cluster_size;
  if (size == 0 || size > largest || grid.x % cluster->x != 0 || grid.y % cluster->y != 0 ||
      grid.z % cluster->z != 0)
    return record(cudaErrorInvalidClusterSize);
  int per_sm = 0;
  const int threads = int(dim(config->blockDim).volume());
  if (cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, function, threads,
                                                                    config->dynamicSmemBytes))
    return e;
  *clusters = per_sm == 0 ? 0 : h100_active_clusters[std::min(per_sm, 8) - 1][size - 1];
  return cudaSuccess;
}
