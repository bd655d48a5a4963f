#include "memory_budget.hpp"

#include "device.hpp"
#include "usage_error.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <limits>
#include <sstream>

namespace tutorial {

std::string format_bytes(std::uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024.0 && unit < 6) {
    value /= 1024.0;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, unit == 0 ? "%.0f %s" : "%.2f %s", value, units[unit]);
  return text;
}

std::uint64_t available_host_memory() {
  // A 32-bit program (the samples built as WebAssembly) addresses 4 GiB at most, whatever the
  // machine has; where the machine does not say (no /proc there), that is the limit.
  const std::uint64_t addressable = std::numeric_limits<std::size_t>::max();
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit)
    if (key == "MemAvailable:") return std::min(kib * 1024, addressable);
  return addressable;  // unknown on a 64-bit host: let the allocation decide
}

void require_memory(const std::string& option, std::uint64_t count, std::uint64_t element_bytes,
                    std::uint64_t arrays, Backend backend) {
  constexpr auto max = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t per_element = element_bytes * arrays;
  if (per_element != 0 && count > max / per_element)
    throw UsageError(option, "the data would need more than " + format_bytes(max));
  const std::uint64_t bytes = count * per_element;
  const std::uint64_t host = available_host_memory();
  if (bytes > host)
    throw UsageError(option, "needs " + format_bytes(bytes) + " of host memory; " +
                                 format_bytes(host) + " are available");
  if (backend == Backend::device) {
    const std::uint64_t device = free_device_memory();
    if (bytes > device)
      throw UsageError(option, "needs " + format_bytes(bytes) + " of device memory; " +
                                   format_bytes(device) + " are free");
  }
}

}  // namespace tutorial
