#pragma once
// What a kind of test program does before Catch2 runs its tests (test_runner.cpp).
#include <optional>

namespace test {
/// Returns the exit code to end with instead of running the tests, or nothing to run them.
std::optional<int> before_running(int argc, char* argv[]);
}  // namespace test
