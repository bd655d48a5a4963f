// The test programs' main and Catch2's implementation, compiled once for every test program
// (Catch2 v2 is a single header whose implementation is most of a test build's time). Each kind
// of test program (main_emulator.cpp, main_device.cpp) decides, before the tests run, whether
// they run at all.
#if __has_include(<catch2/catch_session.hpp>)
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

#include "test_runner.hpp"

int main(int argc, char* argv[]) {
  if (const std::optional<int> exit_code = test::before_running(argc, argv)) return *exit_code;
  return Catch::Session().run(argc, argv);
}
