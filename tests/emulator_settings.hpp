#pragma once
// The emulator's settings in tests: restored when a test that changed them ends, however it ends
// (a failed REQUIRE or an exception included), so that no later test runs with them.

#include <simt/launch.hpp>

#include "catch.hpp"

#include <cstdint>

struct SettingsGuard {
  SettingsGuard() : saved(simt::settings()) {}
  SettingsGuard(const SettingsGuard&) = delete;
  SettingsGuard& operator=(const SettingsGuard&) = delete;
  ~SettingsGuard() { simt::settings() = saved; }
  simt::Settings saved;
};

// Runs the test's launches on `n` worker threads, and restores the settings after it.
struct WorkerThreads : SettingsGuard {
  explicit WorkerThreads(unsigned n) { simt::settings().worker_threads = n; }
};

// Runs `body` three times with every check and counter on, each time with the threads of every
// barrier interval in another shuffled order (a correct kernel gives the same results), then
// restores the settings.
template <class Body>
void in_shuffled_orders_with_every_check(Body body) {
  const SettingsGuard guard;
  simt::settings().diagnostics = true;
  simt::settings().count_bank_conflicts = true;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    simt::settings().shuffle_seed = seed;
    INFO("shuffle seed " << seed);
    body();
  }
}

// Runs `body` with every check and counter off (the emulator's fastest paths, which the
// benchmarks time: a kernel run as loops then takes threads in rank order without reading the
// block's chain until one returns), then restores the settings.
template <class Body>
void with_every_check_off(Body body) {
  const SettingsGuard guard;
  simt::settings().diagnostics = false;
  simt::settings().count_bank_conflicts = false;
  simt::settings().shuffle_seed.reset();
  body();
}

// Runs `body` with the settings as they are, then with every check off, then in three shuffled
// orders with every check on: a kernel's every path through the emulator.
template <class Body>
void in_every_setting(Body body) {
  body();
  with_every_check_off(body);
  in_shuffled_orders_with_every_check(body);
}
