#pragma once
/// @file
/// @brief Launching a kernel on the CPU emulator: `simt::launch(config, Kernel, args...)`.
///
/// In a CUDA translation unit (nvcc), `Kernel` is the kernel itself, the very symbol a
/// `Kernel<<<grid, block>>>(args...)` launch names: the emulator runs the host-compiled twin that
/// simt_add_kernels() registered for it. In a plain C++ translation unit, `Kernel` is the twin
/// itself, `emulated::Kernel`, from the header simt_add_kernels() generates. This header has no
/// CUDA dependency. It also includes what a launching program uses next: the errors a launch
/// throws (errors.hpp), the settings (settings.hpp) and the bank-conflict counters
/// (bank_counters.hpp).

#include <simt/bank_counters.hpp>
#include <simt/detail/heartbeat.hpp>
#include <simt/detail/registry.hpp>
#include <simt/detail/thread_context.hpp>
#include <simt/dim3.hpp>
#include <simt/errors.hpp>
#include <simt/global_memory.hpp>
#include <simt/settings.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

/// @defgroup simt The CPU emulator (simt)
/// @brief Runs CUDA kernels on the CPU: one C++20 coroutine per GPU thread.
///
/// Each of these words has one meaning in the code, the docs and the messages (the emulator
/// page's "Words with one meaning" says more):
/// - **worker**: a CPU thread of the emulator, running units one after another;
/// - **unit**: the blocks a worker runs together: one cluster, or a cooperative launch's grid;
/// - **barrier**: a block, cluster or grid barrier, or a `cuda::barrier`; never `__syncwarp()`;
/// - **interval**: what a block runs between two block, cluster or grid barriers;
/// - **chain**: the order a block's threads run in within an interval;
/// - **site**: where a barrier, collective or `__shared__` declaration is written (`Site`);
/// - **stray**: a thread waiting at another barrier than its block's first waiting thread;
/// - **warp collective**: an operation that waits for the lanes of its mask only;
/// - **warp step**: the `__syncwarp()`s a warp has passed in the interval;
/// - **phase**: a `cuda::barrier`'s count of arrivals, completed as a whole;
/// - **stage**: a `cuda::pipeline`'s copies between two commits;
/// - **group copy**: a `cooperative_groups::memcpy_async` of the whole block;
/// - **completion wait**: a thread suspended until a phase or a stage completes;
/// - **epoch**: the race checks' count of points that order all before against all after;
/// - **twin**: the host-compiled copy of a kernel, found by the name nvcc gives it;
/// - **translation**: simt-translate's rewrite of a kernel file for the host compiler;
/// - **checks**: the diagnostics of a faulty kernel (`Settings::diagnostics`).

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
/// @brief Type-erased body of a block of a kernel that is a plain function (no barrier, no warp
/// collective, no asynchronous wait: not a coroutine): runs `count` threads one after another,
/// each with its slot as the running thread, in one call.
using PlainBlockBody = void (*)(const void* closure, ThreadSlot* slots, unsigned count);
/// @brief What both bodies of a launch receive: the arguments as CUDA passes them (`arguments[i]`
/// points to an object of the kernel's i-th parameter type) and the launch's own typed view.
struct LaunchClosure {
  void* const* arguments;
  const void* typed;
};
/// @brief Runs every thread of every block of `config`; throws LaunchError or KernelError.
/// `kernel` names the kernel in diagnostics (null: they name the function of the construct).
void run_grid(const LaunchConfig& config, ThreadBody body, PlainBlockBody plain_block,
              const void* closure, const char* kernel);

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

/// @brief In a plain block's loop, before each thread: with the watchdog on, a new thread is
/// progress, noted here rather than at its first access, so that all its accesses can be noted
/// in passing (noted_in_passing()).
[[gnu::always_inline]] inline void note_thread_started() {
  if (current_thread.heartbeat != nullptr) [[unlikely]]
    note_progress(nullptr, 0);
}

/// @brief KernelEntry::launch for the twin `Twin`.
template <auto Twin>
void launch_twin(const LaunchConfig& config, void* const* arguments) {
  run_twin(config, Twin, arguments);
}

/// @brief KernelEntry::plain_block for the twin `Twin`: the arguments copied once per block, then
/// each thread a direct call with its own copies of them (a kernel may change its parameters).
template <auto Twin>
void plain_block_twin(const void* closure, ThreadSlot* slots, unsigned count) {
  void* const* arguments = static_cast<const LaunchClosure*>(closure)->arguments;
  [&]<class... Params>(void (*)(Params...)) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
      [[maybe_unused]] const std::tuple<std::remove_cvref_t<Params>...> parameters(
          argument_from<std::remove_cvref_t<Params>>(arguments[I])...);
      // The thread-local context is named at each use, never bound to a reference: under
      // -fsanitize=undefined, GCC 12 miscompiled the null check of such a reference here.
      const auto run_threads = [&]<bool Plain>(std::bool_constant<Plain>) {
        for (unsigned t = 0; t < count; ++t) {
          current_thread.slot = slots + t;
          if constexpr (Plain) {
            // Nothing to note between threads and no access to check: in this copy of the
            // loop the compiler knows both, and folds each access's check out of the kernel.
            if (current_thread.heartbeat != nullptr || current_thread.checking)
              __builtin_unreachable();
          } else {
            note_thread_started();
          }
          Twin(std::get<I>(parameters)...);
        }
      };
      if (current_thread.heartbeat == nullptr && !current_thread.checking)
        run_threads(std::true_type{});
      else
        run_threads(std::false_type{});
    }
    (std::index_sequence_for<Params...>{});
  }(Twin);
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
  const Closure typed{kernel, &parameters};
  void* arguments[sizeof...(Params) + 1] = {};
  std::apply(
      [&](auto&... p) {
        [[maybe_unused]] std::size_t i = 0;
        ((arguments[i++] = static_cast<void*>(&p)), ...);
      },
      parameters);
  const detail::LaunchClosure closure{arguments, &typed};
  const detail::KernelEntry* entry = detail::find_kernel(reinterpret_cast<const void*>(kernel));
  if (entry != nullptr && entry->twin != reinterpret_cast<const void*>(kernel)) {
    // `kernel` is the host function of a kernel (a whole program's stub), not code to run on
    // each thread: run the twin registered for it.
    detail::launch_registered(config, reinterpret_cast<const void*>(kernel), arguments);
    return;
  }
  detail::check_kernel_image(entry);
  // The translation's loop for this very twin, which calls it directly; else one through the
  // pointer.
  detail::PlainBlockBody plain_block =
      entry != nullptr && entry->twin == reinterpret_cast<const void*>(kernel) ? entry->plain_block
                                                                               : nullptr;
  if (plain_block == nullptr)
    plain_block = [](const void* raw, detail::ThreadSlot* slots, unsigned count) {
      const auto& c =
          *static_cast<const Closure*>(static_cast<const detail::LaunchClosure*>(raw)->typed);
      for (unsigned t = 0; t < count; ++t) {
        detail::current_thread.slot = slots + t;
        detail::note_thread_started();
        std::apply(c.kernel, *c.parameters);
      }
    };
  detail::run_grid(
      detail::with_cluster_dims(config, entry),
      [](const void* raw) {
        const auto& c =
            *static_cast<const Closure*>(static_cast<const detail::LaunchClosure*>(raw)->typed);
        std::apply(c.kernel, *c.parameters);
      },
      plain_block, &closure, entry != nullptr ? entry->name : nullptr);
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
