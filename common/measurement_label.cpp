#include "measurement_label.hpp"

#include <ctime>

namespace tutorial {
namespace {

// Today's date in UTC as YYYY-MM-DD.
std::string utc_date() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  gmtime_r(&now, &parts);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &parts);
  return text;
}

}  // namespace

std::vector<std::string> measurement_label(const DeviceInfo& device) {
  return {device.name, std::to_string(device.driver_version), utc_date()};
}

}  // namespace tutorial
