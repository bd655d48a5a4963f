#pragma once
/// @file
/// @brief Labels for GPU measurements: on which device, with which driver, and when they were
/// taken. Every CSV file a benchmark writes for the docs starts its rows with them (CsvFile).

#include "device.hpp"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace tutorial {

/// @brief The CSV columns of the label measurement_label() gives.
inline constexpr std::array<std::string_view, 3> measurement_label_columns = {
    "device", "cuda_driver_api", "date"};

/// @brief The label of a measurement taken now on `device`: its name, the CUDA driver API
/// version and today's UTC date (YYYY-MM-DD), one field per column.
[[nodiscard]] std::vector<std::string> measurement_label(const DeviceInfo& device);

}  // namespace tutorial
