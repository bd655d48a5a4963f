#pragma once
/// @file
/// @brief Launching a kernel on the CPU emulator: `simt::launch(config, Kernel, args...)`.
///
/// In a CUDA translation unit (nvcc), `Kernel` is the kernel itself, the very symbol a
/// `Kernel<<<grid, block>>>(args...)` launch names: the emulator runs the host-compiled twin that
/// simt_add_kernels() registered for it. In a plain C++ translation unit, `Kernel` is the twin
/// itself, `emulated::Kernel`, from the header simt_add_kernels() generates. This header has no
/// CUDA dependency.

#include <simt/detail/registry.hpp>
#include <simt/dim3.hpp>
#include <simt/global_memory.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

/// @defgroup simt The CPU emulator (simt)
/// @brief Runs CUDA kernels on the CPU: one C++20 coroutine per GPU thread.

namespace simt {

/// @ingroup simt
/// @brief What `<<<grid, block, dynamic_shared_bytes>>>` and the launch attributes describe.
struct LaunchConfig {
  Dim3 grid;                             ///< Number of blocks along x, y, z.
  Dim3 block;                            ///< Number of threads per block along x, y, z.
  std::size_t dynamic_shared_bytes = 0;  ///< Size of `extern __shared__` memory per block.
  /// Blocks per thread block cluster (1 = none, or the kernel's `__cluster_dims__`).
  Dim3 cluster{1, 1, 1};
  /// Allow clusters of more than 8 blocks (up to 16), like
  /// `cudaFuncAttributeNonPortableClusterSizeAllowed`.
  bool non_portable_cluster_size_allowed = false;
  /// A cooperative launch (`cudaLaunchCooperativeKernel`): every block is resident at once, so
  /// `grid.sync()` may be used. The grid may then have no more blocks than fit on the GPU.
  bool cooperative = false;
};

/// @ingroup simt
/// @brief Most blocks in a cluster: 8 (portable), 16 with the non-portable attribute.
inline constexpr unsigned max_portable_cluster_size = 8;
/// @ingroup simt
/// @brief Most blocks in a cluster when non-portable sizes are allowed.
inline constexpr unsigned max_cluster_size = 16;
/// @ingroup simt
/// @brief Most shared memory one block may have (227 KiB): the
/// `cudaDevAttrMaxSharedMemoryPerBlockOptin` of the H100 the emulator imitates.
inline constexpr std::size_t max_shared_bytes_per_block = 232448;

/// @ingroup simt
/// @brief A launch the GPU would refuse (`cudaErrorInvalidConfiguration` and friends).
class LaunchError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// @ingroup simt
/// @brief A bug the emulator found while running a kernel (e.g. a divergent barrier).
class KernelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// @ingroup simt
/// @brief The exit status of a program the emulator ends because of a GPU thread that cannot be
/// reported by an exception: one that raised a memory fault or an arithmetic trap, or that made
/// no progress and touches no memory. The report is printed on standard error first. (1 is an
/// error a program reports itself; 2, by the tutorial's convention, bad input.)
inline constexpr int kernel_fault_exit_code = 3;

/// @ingroup simt
/// @brief Emulator settings; process-wide, set before launching.
struct Settings {
  /// Worker threads that run blocks in parallel; 0 means one per hardware thread.
  unsigned worker_threads = 0;
  /// Report shared-memory races, out-of-bounds shared accesses, and distributed shared memory
  /// used after its block exited (divergent barriers are always reported).
  bool diagnostics = true;
  /// Count shared-memory requests and wavefronts per launch (see last_launch_counters()).
  bool count_bank_conflicts = true;
  /// Warn (on standard error) when a barrier is released while some threads of the block have
  /// already exited. That is legal, and the GPU releases it too (exited threads no longer hold
  /// a barrier up), but the guide allows a barrier in conditional code only if the condition is
  /// the same for the whole block.
  bool strict = false;
  /// With diagnostics on: how long (in seconds) a worker may run without another GPU thread or
  /// barrier interval running before the launch is reported as making no progress (a thread
  /// that spins on a flag that only a waiting thread, or a block not yet started, would set: the
  /// GPU hangs). 0 turns the watchdog off; raise it for a kernel whose threads run that long
  /// between barriers.
  double watchdog_seconds = 5.0;
  /// When set, the threads of a block run in a shuffled order (from this seed) in every
  /// barrier interval, to show that a correct kernel's result does not depend on the order.
  std::optional<std::uint64_t> shuffle_seed;
};

/// @ingroup simt
/// @brief One warp-wide shared-memory request as the 32 banks see it, and where it happened.
struct BankRequestMap {
  static constexpr std::int64_t inactive = -1;  ///< A lane that took no part in the request.
  /// Per lane, the first 4-byte word of shared memory it touched (its bank is `word % 32`), or
  /// `inactive`. Words count from the first static `__shared__` variable, or, for
  /// `extern __shared__` memory, from the start of the dynamic shared memory.
  std::array<std::int64_t, 32> word{};
  bool dynamic = false;                ///< The request is to dynamic shared memory.
  unsigned words_per_lane = 1;         ///< 1, or 2 and 4 for 8- and 16-byte accesses.
  std::uint64_t wavefronts = 0;        ///< Wavefronts the request took.
  std::uint64_t ideal_wavefronts = 0;  ///< Wavefronts it would take without conflicts.
  std::uint64_t block = 0;             ///< Linear index of its block in the grid.
  std::uint64_t interval = 0;          ///< Barrier intervals of that block before it.
  unsigned warp = 0;                   ///< Its warp in the block.
  unsigned k = 0;                      ///< It is the k-th shared access of its lanes (from 0).
};

/// @ingroup simt
/// @brief The shared-memory traffic of one line of a kernel's source, loads and stores apart.
struct SharedAccessLine {
  const char* file = "";               ///< The kernel file, as `__FILE__` names it.
  unsigned line = 0;                   ///< The line of the access in that file.
  bool store = false;                  ///< Stores (true) or loads.
  std::uint64_t requests = 0;          ///< Warp-wide requests made at this line.
  std::uint64_t wavefronts = 0;        ///< Wavefronts they took.
  std::uint64_t ideal_wavefronts = 0;  ///< Wavefronts they would take without conflicts.
  /// The request of this line with the most wavefronts; of several, the first (lowest block,
  /// then earliest interval, warp and access), so that it does not depend on the workers.
  BankRequestMap worst;
  /// @brief Extra wavefronts caused by bank conflicts.
  [[nodiscard]] std::uint64_t conflicts() const { return wavefronts - ideal_wavefronts; }
  /// @brief "file.cuh:12": the line, with the file name without its folders.
  [[nodiscard]] std::string place() const;
  /// @brief conflicts() per request: how many ways the line's requests conflict, less one.
  [[nodiscard]] double conflicts_per_request() const {
    return static_cast<double>(conflicts()) / static_cast<double>(requests);
  }
};

/// @ingroup simt
/// @brief Shared-memory traffic of a launch, counted as the hardware would: a *request* is one
/// warp-wide access (the k-th shared access of each active lane in a barrier interval, at one
/// line of the source). A request is served 128 bytes at a time (32 lanes of 4 bytes, 16 of 8,
/// 8 of 16), and each such phase takes as many *wavefronts* as its busiest of the 32 four-byte
/// banks has distinct words to deliver (lanes reading the same word share one). *Bank
/// conflicts* are the wavefronts beyond one per phase: a conflict-free 8-byte request takes 2
/// wavefronts and 0 conflicts.
struct SharedMemoryCounters {
  std::uint64_t load_requests = 0;           ///< Warp-wide shared loads.
  std::uint64_t load_wavefronts = 0;         ///< Wavefronts those loads took.
  std::uint64_t load_ideal_wavefronts = 0;   ///< Wavefronts they would take without conflicts.
  std::uint64_t store_requests = 0;          ///< Warp-wide shared stores.
  std::uint64_t store_wavefronts = 0;        ///< Wavefronts those stores took.
  std::uint64_t store_ideal_wavefronts = 0;  ///< Wavefronts they would take without conflicts.
  /// The same counts per line of the source (loads and stores apart), sorted by file, line, and
  /// loads before stores.
  std::vector<SharedAccessLine> lines;
  /// @brief Extra wavefronts of loads caused by bank conflicts.
  [[nodiscard]] std::uint64_t load_conflicts() const {
    return load_wavefronts - load_ideal_wavefronts;
  }
  /// @brief Extra wavefronts of stores caused by bank conflicts.
  [[nodiscard]] std::uint64_t store_conflicts() const {
    return store_wavefronts - store_ideal_wavefronts;
  }
  /// @brief The line with the most conflicts per request (of several, the first in `lines`);
  /// null when no line has a conflict.
  [[nodiscard]] const SharedAccessLine* worst_line() const;
  /// @brief Adds another count (a worker's) to this one.
  SharedMemoryCounters& operator+=(const SharedMemoryCounters& other);
};

/// @ingroup simt
/// @brief The counters of the last launch made by this process (all zero when counting is off).
SharedMemoryCounters last_launch_counters();

/// @ingroup simt
/// @brief The current settings.
Settings& settings();

// launch() has one body in a CUDA translation unit and another in a plain C++ one, for the same
// kernel type: the CUDA one is tagged, so that the two are different functions to the linker
// (where they were one, it would keep either body for both kinds of caller).
#if defined(__CUDACC__)
#define SIMT_LAUNCH_FROM_CUDA [[gnu::abi_tag("from_cuda")]]
#else
#define SIMT_LAUNCH_FROM_CUDA
#endif

namespace detail {
/// @brief Type-erased body of one GPU thread: calls the kernel with the launch's arguments.
using ThreadBody = void (*)(const void* closure);
/// @brief Runs every thread of every block of `config`; throws LaunchError or KernelError.
/// `kernel` names the kernel in diagnostics (null: they name the function of the construct).
void run_grid(const LaunchConfig& config, ThreadBody body, const void* closure, const char* kernel);

/// @brief `config` with the kernel's compile-time cluster shape; throws LaunchError when the
/// launch asks for another one.
LaunchConfig with_cluster_dims(const LaunchConfig& config, const KernelEntry* entry);
/// @brief Runs the twin registered for the kernel nvcc compiled whose host function is `kernel`;
/// throws LaunchError when none is.
void launch_registered(const LaunchConfig& config, const void* kernel, void* const* arguments);

/// @brief The value of type P whose bytes are at `bytes` (kernel arguments are copied bitwise
/// to the GPU, and the stub's parameter types are layout-identical to the twin's).
template <class P>
P argument_from(const void* bytes) {
  static_assert(std::is_trivially_copyable_v<P>, "kernel parameters are copied bitwise");
  alignas(P) unsigned char storage[sizeof(P)];
  std::memcpy(storage, bytes, sizeof(P));
  return *std::launder(reinterpret_cast<P*>(storage));
}

template <class... Params>
void run_twin(const LaunchConfig& config, void (*twin)(Params...), void* const* arguments);

/// @brief KernelEntry::launch for the twin `Twin`.
template <auto Twin>
void launch_twin(const LaunchConfig& config, void* const* arguments) {
  run_twin(config, Twin, arguments);
}
}  // namespace detail

/// @ingroup simt
/// @brief Runs `kernel(args...)` for every thread of the grid on the CPU, like
/// `kernel<<<config.grid, config.block, config.dynamic_shared_bytes>>>(args...)` (with
/// `config.cluster` as the cluster shape) followed by `cudaDeviceSynchronize()`. Anything the
/// kernel printed is written to stdout afterwards, block by block in order.
///
/// Arguments are converted to the kernel's parameter types and copied once, as CUDA copies kernel
/// parameters at launch; an array wrapped in simt::checked() is passed as a pointer whose bounds
/// the emulator checks (with diagnostics on). Throws LaunchError for a configuration the GPU
/// would refuse and KernelError for a bug found while running (for example threads that wait at
/// different barriers).
template <class... Params, class... Args>
SIMT_LAUNCH_FROM_CUDA void launch(const LaunchConfig& config, void (*kernel)(Params...),
                                  Args&&... args) {
  static_assert(sizeof...(Params) == sizeof...(Args), "wrong number of kernel arguments");
  detail::CheckedArguments copies;
  (copies.note(args), ...);
  copies.prepare();
  std::tuple<std::remove_cvref_t<Params>...> parameters(copies.pass(std::forward<Args>(args))...);
#if defined(__CUDACC__)
  // A CUDA translation unit names the kernel nvcc compiled: run the twin registered for it.
  std::apply(
      [&](auto&... p) {
        void* arguments[] = {static_cast<void*>(&p)..., nullptr};
        detail::launch_registered(config, reinterpret_cast<const void*>(kernel), arguments);
      },
      parameters);
#else
  struct Closure {
    void (*kernel)(Params...);
    std::tuple<std::remove_cvref_t<Params>...>* parameters;
  };
  const Closure closure{kernel, &parameters};
  const detail::KernelEntry* entry = detail::find_kernel(reinterpret_cast<const void*>(kernel));
  detail::run_grid(
      detail::with_cluster_dims(config, entry),
      [](const void* raw) {
        const auto& c = *static_cast<const Closure*>(raw);
        std::apply(c.kernel, *c.parameters);
      },
      &closure, entry != nullptr ? entry->name : nullptr);
#endif
}

/// @ingroup simt
/// @brief Shorthand for `launch(LaunchConfig{grid, block}, kernel, args...)`.
template <class... Params, class... Args>
SIMT_LAUNCH_FROM_CUDA void launch(Dim3 grid, Dim3 block, void (*kernel)(Params...),
                                  Args&&... args) {
  launch(LaunchConfig{grid, block}, kernel, std::forward<Args>(args)...);
}

namespace detail {
template <class... Params>
void run_twin(const LaunchConfig& config, void (*twin)(Params...), void* const* arguments) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    launch(config, twin, argument_from<std::remove_cvref_t<Params>>(arguments[I])...);
  }
  (std::index_sequence_for<Params...>{});
}
}  // namespace detail

}  // namespace simt
