#pragma once
/// @file
/// @brief Launching a kernel on the CPU emulator: `simt::launch(config, kernel, args...)`.
///
/// This header has no CUDA dependency: nvcc translation units include it to launch the
/// host-compiled copy of a kernel (declared in `namespace emulated`), and plain C++ code
/// (tests) includes it too.

#include <simt/dim3.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace simt {

/// @brief What `<<<grid, block, dynamic_shared_bytes>>>` and a cluster attribute describe.
struct LaunchConfig {
  Dim3 grid;                             ///< Number of blocks along x, y, z.
  Dim3 block;                            ///< Number of threads per block along x, y, z.
  std::size_t dynamic_shared_bytes = 0;  ///< Size of `extern __shared__` memory per block.
  Dim3 cluster{1, 1, 1};                 ///< Blocks per thread block cluster (1 = no clusters).
  /// Allow clusters of more than 8 blocks (up to 16), like
  /// `cudaFuncAttributeNonPortableClusterSizeAllowed`.
  bool non_portable_cluster_size_allowed = false;
};

/// @brief Most blocks in a cluster: 8 (portable), 16 with the non-portable attribute.
inline constexpr unsigned max_portable_cluster_size = 8;
/// @brief Most blocks in a cluster when non-portable sizes are allowed.
inline constexpr unsigned max_cluster_size = 16;

/// @brief A launch the GPU would refuse (`cudaErrorInvalidConfiguration` and friends).
class LaunchError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// @brief A bug the emulator found while running a kernel (e.g. a divergent barrier).
class KernelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// @brief Emulator settings; process-wide, set before launching.
struct Settings {
  /// Worker threads that run blocks in parallel; 0 means one per hardware thread.
  unsigned worker_threads = 0;
  /// Report shared-memory races, out-of-bounds shared accesses, and distributed shared memory
  /// used after its block exited (divergent barriers are always reported).
  bool diagnostics = true;
  /// Count shared-memory requests and wavefronts per launch (see last_launch_counters()).
  bool count_bank_conflicts = true;
  /// When set, the threads of a block run in a shuffled order (from this seed) in every
  /// barrier interval, to show that a correct kernel's result does not depend on the order.
  std::optional<std::uint64_t> shuffle_seed;
};

/// @brief Shared-memory traffic of a launch, counted as the hardware would: a *request* is one
/// warp-wide access (the k-th shared access of each active lane in a barrier interval). A
/// request is served 128 bytes at a time (32 lanes of 4 bytes, 16 of 8, 8 of 16), and each
/// such phase takes as many *wavefronts* as its busiest of the 32 four-byte banks has distinct
/// words to deliver (lanes reading the same word share one). *Bank conflicts* are the wavefronts
/// beyond one per phase: a conflict-free 8-byte request takes 2 wavefronts and 0 conflicts.
struct SharedMemoryCounters {
  std::uint64_t load_requests = 0;           ///< Warp-wide shared loads.
  std::uint64_t load_wavefronts = 0;         ///< Wavefronts those loads took.
  std::uint64_t load_ideal_wavefronts = 0;   ///< Wavefronts they would take without conflicts.
  std::uint64_t store_requests = 0;          ///< Warp-wide shared stores.
  std::uint64_t store_wavefronts = 0;        ///< Wavefronts those stores took.
  std::uint64_t store_ideal_wavefronts = 0;  ///< Wavefronts they would take without conflicts.
  /// @brief Extra wavefronts of loads caused by bank conflicts.
  [[nodiscard]] std::uint64_t load_conflicts() const {
    return load_wavefronts - load_ideal_wavefronts;
  }
  /// @brief Extra wavefronts of stores caused by bank conflicts.
  [[nodiscard]] std::uint64_t store_conflicts() const {
    return store_wavefronts - store_ideal_wavefronts;
  }
};

/// @brief The counters of the last launch made by this process (all zero when counting is off).
SharedMemoryCounters last_launch_counters();

/// @brief The current settings.
Settings& settings();

namespace detail {
/// @brief Type-erased body of one GPU thread: calls the kernel with the launch's arguments.
using ThreadBody = void (*)(const void* closure);
/// @brief Runs every thread of every block of `config`; throws LaunchError or KernelError.
void run_grid(const LaunchConfig& config, ThreadBody body, const void* closure);
}  // namespace detail

/// @brief Runs `kernel(args...)` for every thread of the grid on the CPU, like
/// `kernel<<<config.grid, config.block, config.dynamic_shared_bytes>>>(args...)` (with
/// `config.cluster` as the cluster shape) followed by `cudaDeviceSynchronize()`. Anything the
/// kernel printed is written to stdout afterwards, block by block in order.
///
/// Arguments are converted to the kernel's parameter types and copied once, as CUDA copies kernel
/// parameters at launch. Throws LaunchError for a configuration the GPU would refuse and
/// KernelError for a bug found while running (for example threads that skip a barrier).
template <class... Params, class... Args>
void launch(const LaunchConfig& config, void (*kernel)(Params...), Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args), "wrong number of kernel arguments");
  using Parameters = std::tuple<std::remove_cvref_t<Params>...>;
  struct Closure {
    void (*kernel)(Params...);
    Parameters parameters;
  };
  const Closure closure{kernel, Parameters(std::forward<Args>(args)...)};
  detail::run_grid(
      config,
      [](const void* raw) {
        const auto& c = *static_cast<const Closure*>(raw);
        std::apply(c.kernel, c.parameters);
      },
      &closure);
}

/// @brief Shorthand for `launch(LaunchConfig{grid, block}, kernel, args...)`.
template <class... Params, class... Args>
void launch(Dim3 grid, Dim3 block, void (*kernel)(Params...), Args&&... args) {
  launch(LaunchConfig{grid, block}, kernel, std::forward<Args>(args)...);
}

}  // namespace simt
