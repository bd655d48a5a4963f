#include "backend.hpp"

#include "usage_error.hpp"

namespace tutorial {

std::string_view to_string(Backend backend) {
  return backend == Backend::device ? "device" : "emulator";
}

std::string BackendSelection::notice() const {
  return fell_back ? "note: running on the CPU emulator: " + reason + "." : std::string();
}

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

}  // namespace tutorial
