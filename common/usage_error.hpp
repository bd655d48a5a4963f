#pragma once
/// @file
/// @brief The error a sample reports for bad input: one line naming the option, exit code 2.

#include <stdexcept>
#include <string>

namespace tutorial {

/// @brief Bad input: an option's value, or a value the device or the host cannot take.
/// The message starts with the option it concerns ("--n: ...").
class UsageError : public std::runtime_error {
 public:
  /// @brief `option` is the offending option (e.g. "--n"), `why` says what is accepted.
  UsageError(const std::string& option, const std::string& why)
      : std::runtime_error(option + ": " + why) {}
};

/// @brief The exit code of a sample that refused its input.
inline constexpr int usage_exit_code = 2;

}  // namespace tutorial
