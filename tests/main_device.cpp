// Test programs for the GPU: without a usable GPU they exit with 77, which ctest reports as
// "skipped" (SKIP_RETURN_CODE), never as "passed". Listing tests needs no GPU, so test discovery
// works on any machine.
#include "test_runner.hpp"

#include "common/device.hpp"

#include <cstdio>
#include <string_view>

std::optional<int> test::before_running(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]).starts_with("--list")) return std::nullopt;
  const tutorial::DeviceQuery query = tutorial::query_device();
  if (query.device) return std::nullopt;
  std::printf("skipped: %s\n", query.why_none.c_str());
  return 77;
}
