#pragma once
// Restores the emulator's settings when a test that changed them ends, however it ends (a
// failed REQUIRE or an exception included), so that no later test runs with them.

#include <simt/launch.hpp>

struct SettingsGuard {
  SettingsGuard() : saved(simt::settings()) {}
  SettingsGuard(const SettingsGuard&) = delete;
  SettingsGuard& operator=(const SettingsGuard&) = delete;
  ~SettingsGuard() { simt::settings() = saved; }
  simt::Settings saved;
};
