#pragma once
/// @file
/// @brief Labels for GPU measurements: on which device, with which driver, and when they were
/// taken. Every CSV file a benchmark writes for the docs starts its rows with them.

#include "device.hpp"

#include <string>
#include <string_view>

namespace tutorial {

/// @brief The CSV header of the label columns measurement_label() fills.
inline constexpr std::string_view measurement_label_columns = "device,cuda_driver_api,date";

/// @brief The label columns of a measurement taken now on `device`: its name (quoted), the CUDA
/// driver API version and today's UTC date, comma-separated, without a trailing comma.
[[nodiscard]] std::string measurement_label(const DeviceInfo& device);

}  // namespace tutorial
