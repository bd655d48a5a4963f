#pragma once
/// @file
/// @brief Today's date, to label measurements with when they were taken.

#include <string>

namespace tutorial {

/// @brief Today's date in UTC as YYYY-MM-DD.
[[nodiscard]] std::string utc_date();

}  // namespace tutorial
