// The labels every benchmark CSV for the docs starts its rows with.
#include "../catch.hpp"

#include "common/measurement_label.hpp"

#include <cctype>
#include <string>

TEST_CASE("A measurement label is the device name, the driver API version and a UTC date",
          "[common]") {
  tutorial::DeviceInfo device;
  device.name = "NVIDIA H100 80GB HBM3";
  device.driver_version = 13000;
  const auto label = tutorial::measurement_label(device);
  REQUIRE(label.size() == 3);
  CHECK(label[0] == "NVIDIA H100 80GB HBM3");
  CHECK(label[1] == "13000");
  const std::string& date = label[2];  // YYYY-MM-DD
  REQUIRE(date.size() == 10);
  for (std::size_t i = 0; i < date.size(); ++i)
    CHECK((i == 4 || i == 7 ? date[i] == '-'
                            : std::isdigit(static_cast<unsigned char>(date[i])) != 0));
  CHECK(date.substr(0, 2) == "20");
  // The docs' tables (docs/_ext/csv_plots.py) find these columns by name.
  CHECK(tutorial::measurement_label_columns[0] == "device");
  CHECK(tutorial::measurement_label_columns[1] == "cuda_driver_api");
  CHECK(tutorial::measurement_label_columns[2] == "date");
}
