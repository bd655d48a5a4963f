#include "backend.hpp"

#include "usage_error.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace tutorial {

std::string_view to_string(Backend backend) {
  return backend == Backend::device ? "device" : "emulator";
}

std::string BackendSelection::notice() const {
  return fell_back ? "note: running on the CPU emulator: " + reason + "." : std::string();
}

std::string BackendSelection::where() const {
  if (backend == Backend::emulator || !device) return "the CPU emulator";
  return device->name + " (compute capability " + device->capability.to_string() + ")";
}

#if TUTORIAL_CPU_BUILD

// The CPU build: nvcc's half of the sample is another program, so there is no GPU to choose.
BackendSelection select_backend(BackendChoice choice, ComputeCapability) {
  if (choice == BackendChoice::device)
    throw UsageError("--backend device",
                     "this is the sample's CPU build (built for the emulator); its GPU build is "
                     "the program of the same name without _cpu");
  return {Backend::emulator, std::nullopt, "this is the sample's CPU build", false};
}

void run_cpu_build_if_emulated(const BackendSelection&, char**) {}
void run_cpu_build(char**, const std::string&) {}

#else

BackendSelection select_backend(BackendChoice choice, ComputeCapability minimum) {
  if (choice == BackendChoice::emulator)
    return {Backend::emulator, std::nullopt, "--backend emulator", false};

  DeviceQuery query = query_device();
  std::string why_not;
  if (!query.device) {
    why_not = query.why_none;
  } else if (query.device->capability < minimum) {
    why_not = query.device->name + " has compute capability " +
              query.device->capability.to_string() + "; this chapter needs " + minimum.to_string() +
              " or newer";
  }
  if (why_not.empty()) return {Backend::device, query.device, {}, false};
  if (choice == BackendChoice::device) throw UsageError("--backend device", why_not);
  return {Backend::emulator, query.device, why_not, true};
}

namespace {

// Runs <this program>_cpu with `argv` in this process's place, after `notice` (if any); returns
// only where there is no CPU build beside this program.
void exec_cpu_build(char** argv, const std::string& notice) {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return;
  const std::filesystem::path cpu_build = self.string() + "_cpu";
  if (!std::filesystem::exists(cpu_build, error)) return;
  if (!notice.empty()) std::printf("%s\n", notice.c_str());
  std::fflush(stdout);
  ::execv(cpu_build.c_str(), argv);
  throw std::runtime_error("cannot run the CPU build " + cpu_build.string() + ": " +
                           std::strerror(errno));
}

}  // namespace

void run_cpu_build_if_emulated(const BackendSelection& selection, char** argv) {
  if (selection.backend != Backend::emulator) return;
  exec_cpu_build(argv, selection.fell_back ? selection.notice() : std::string());
}

void run_cpu_build(char** argv, const std::string& why) {
  exec_cpu_build(argv, "note: running the sample's CPU build: " + why + ".");
}

#endif

}  // namespace tutorial
