#pragma once
/// @file
/// @brief The emulator's process-wide settings: workers, checks, counters, watchdog, thread order.

#include <cstdint>
#include <optional>

namespace simt {

/// @ingroup simt
/// @brief A compute capability, as `cudaDeviceProp::major` and `minor` give it.
struct ComputeCapability {
  int major = 9;  ///< 9 for Hopper (an H100).
  int minor = 0;  ///< 0 for an H100.
  /// @brief What `__CUDA_ARCH__` is for it: 900 for 9.0.
  [[nodiscard]] int cuda_arch() const { return major * 100 + minor * 10; }
  friend bool operator==(const ComputeCapability&, const ComputeCapability&) = default;
};

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
  /// The GPU the emulator imitates: an H100 (9.0) unless set lower, to see what an older GPU
  /// does. Below 9.0 a cluster launch is refused, and so is a kernel translated for a newer
  /// capability than this (its `__CUDA_ARCH__`, simt_add_kernels' CUDA_ARCH): the GPU has no
  /// kernel image for it (`cudaErrorNoKernelImageForDevice`).
  ComputeCapability compute_capability;
};

/// @ingroup simt
/// @brief The current settings. They start from the defaults above, changed by the environment
/// where a variable is set (for programs that cannot call this, such as a whole CUDA program
/// built with simt-nvcc): SIMT_CHECKS (diagnostics, 1 or 0), SIMT_BANK_COUNTERS
/// (count_bank_conflicts), SIMT_STRICT (strict), SIMT_WORKERS (worker_threads),
/// SIMT_WATCHDOG_SECONDS (watchdog_seconds), SIMT_SHUFFLE_SEED (shuffle_seed) and
/// SIMT_COMPUTE_CAPABILITY (compute_capability, such as 8.0). A value that does not fit ends
/// the program with a one-line error naming the variable (exit status 2).
Settings& settings();

}  // namespace simt
