// Test runner for the GPU tests: without a usable GPU it exits with 77, which ctest reports
// as "skipped" (SKIP_RETURN_CODE), never as "passed". Listing tests needs no GPU, so test
// discovery works on any machine.
#if __has_include(<catch2/catch_session.hpp>)
#include <catch2/catch_session.hpp>
#else
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#endif

#include "common/device.hpp"

#include <cstdio>
#include <string_view>

int main(int argc, char* argv[]) {
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing |= std::string_view(argv[i]).starts_with("--list");
  if (!listing) {
    const tutorial::DeviceQuery query = tutorial::query_device();
    if (!query.device) {
      std::printf("skipped: %s\n", query.why_none.c_str());
      return 77;
    }
  }
  return Catch::Session().run(argc, argv);
}
