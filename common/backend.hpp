#pragma once
/// @file
/// @brief Choosing where a sample runs: the GPU, or the CPU emulator.

#include "device.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace tutorial {

/// @brief What `--backend` asked for.
enum class BackendChoice {
  automatic,  ///< `auto`: the GPU if it is there and new enough, else the emulator.
  device,     ///< `device`: the GPU, or an error.
  emulator,   ///< `emulator`: the CPU emulator.
};

/// @brief Where the kernels will run.
enum class Backend {
  device,    ///< The GPU, through the CUDA runtime.
  emulator,  ///< The CPU, through common/simt.
};

/// @brief "device" or "emulator".
[[nodiscard]] std::string_view to_string(Backend backend);

/// @brief The decision and the reason for it.
struct BackendSelection {
  Backend backend = Backend::emulator;  ///< Where to run.
  std::optional<DeviceInfo> device;     ///< The GPU, when one was found (even if not used).
  std::string
      reason;  ///< Why the emulator runs: "no NVIDIA driver found", "--backend emulator", ...
  /// @brief The one line a sample prints when `auto` fell back to the emulator; empty otherwise.
  [[nodiscard]] std::string notice() const;
  /// @brief Where the kernels run, for a sample's title line: "NVIDIA H100 80GB HBM3 (compute
  /// capability 9.0)" or "the CPU emulator".
  [[nodiscard]] std::string where() const;
  bool fell_back = false;  ///< `auto` chose the emulator because no suitable GPU was found.
};

/// @brief Resolves `--backend` against the GPU found and the chapter's minimum compute
/// capability. `auto` falls back to the emulator with a notice; `device` without a suitable
/// GPU throws UsageError. In a sample's CPU build (the same sources built for the emulator,
/// `<sample>_cpu`) the emulator is the only backend: `device` throws UsageError there.
[[nodiscard]] BackendSelection select_backend(BackendChoice choice, ComputeCapability minimum);

/// @brief In a sample's GPU build, when the emulator was chosen: runs the sample's CPU build
/// (`<this program>_cpu`, beside it) with the same arguments in place of this process, after
/// the selection's notice. Returns only where there is no CPU build to run (a chapter whose
/// GPU build still carries the emulator itself) and in the CPU build, which is already there.
void run_cpu_build_if_emulated(const BackendSelection& selection, char** argv);

/// @brief In a sample's GPU build: prints `note: running the sample's CPU build: <why>.` and runs
/// the CPU build in place of this process, whatever the backend (for a part of a sample that
/// measures the CPU). Returns only where there is no CPU build beside this program, and in the
/// CPU build.
void run_cpu_build(char** argv, const std::string& why);

}  // namespace tutorial
