// The labels every benchmark CSV for the docs starts its rows with.
#include "../catch.hpp"

#include "common/measurement_label.hpp"

#include <regex>
#include <string>

TEST_CASE("A measurement label is the quoted device name, the driver API version and a UTC date",
          "[common]") {
  tutorial::DeviceInfo device;
  device.name = "NVIDIA H100 80GB HBM3";
  device.driver_version = 13000;
  const std::string label = tutorial::measurement_label(device);
  const std::string prefix = "\"NVIDIA H100 80GB HBM3\",13000,";
  REQUIRE(label.substr(0, prefix.size()) == prefix);
  CHECK(std::regex_match(label.substr(prefix.size()), std::regex("20[0-9]{2}-[01][0-9]-[0-3][0-9]")));
  // The docs' tables (docs/_ext/csv_plots.py) find these columns by name.
  CHECK(std::string(tutorial::measurement_label_columns) == "device,cuda_driver_api,date");
}
