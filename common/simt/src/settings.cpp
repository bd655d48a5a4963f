/// @file
/// @brief The emulator's settings: one instance per process.

#include <simt/settings.hpp>

namespace simt {

Settings& settings() {
  static Settings instance;
  return instance;
}

}  // namespace simt
