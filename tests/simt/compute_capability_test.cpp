// The compute capability the emulator imitates (simt::Settings::compute_capability) and the one
// a kernel file is translated for (simt_add_kernels' CUDA_ARCH, __CUDA_ARCH__ in its code): a
// kernel takes the path its __CUDA_ARCH__ selects, a kernel built for a newer GPU than the one
// imitated has no image, and below 9.0 cluster launches are refused.
#include "arch_kernels.emulated.hpp"
#include "arch_kernels_sm80.emulated.hpp"

#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <vector>

TEST_CASE("A kernel file translated for 9.0 or for 8.0 takes the path its __CUDA_ARCH__ selects",
          "[compute capability]") {
  int h100 = 0, a100 = 0;
  simt::launch({1, 1}, emulated::ArchPath, &h100);
  simt::launch({1, 1}, sm80::ArchPath, &a100);
  CHECK(h100 == 900);
  CHECK(a100 == 800);
}

TEST_CASE(
    "Imitating compute capability 8.0, kernels built for 9.0 and cluster launches are "
    "refused",
    "[compute capability]") {
  const SettingsGuard guard;
  simt::settings().compute_capability = {8, 0};
  int path = 0;
  simt::launch({1, 1}, sm80::ArchPath, &path);
  CHECK(path == 800);
  // The runtime API's error, cudaErrorNoKernelImageForDevice (209), and its text.
  try {
    simt::launch({1, 1}, emulated::ArchPath, &path);
    FAIL("a kernel translated for 9.0 launched on an imitated 8.0");
  } catch (const simt::LaunchError& refused) {
    CHECK(refused.cuda_error() == 209);
    CHECK_THAT(refused.what(),
               Catch::Matchers::StartsWith("no kernel image is available for execution on the "
                                           "device") &&
                   Catch::Matchers::Contains("kernel ArchPath was translated for __CUDA_ARCH__ "
                                             "900, and the emulator imitates compute capability "
                                             "8.0"));
  }
  std::vector<int> out(4, -1);
  simt::LaunchConfig clusters{4, 32};
  clusters.cluster = {2, 1, 1};
  CHECK_THROWS_WITH(simt::launch(clusters, sm80::BlockIndex, out.data()),
                    Catch::Matchers::Contains("thread block clusters need compute capability "
                                              "9.0, and the emulator imitates 8.0"));
  CHECK(out == std::vector<int>(4, -1));
  simt::launch({4, 32}, sm80::BlockIndex, out.data());
  CHECK(out == std::vector<int>{0, 1, 2, 3});
}

TEST_CASE("Imitating 9.0, the same cluster launch runs", "[compute capability]") {
  std::vector<int> out(4, -1);
  simt::LaunchConfig clusters{4, 32};
  clusters.cluster = {2, 1, 1};
  simt::launch(clusters, emulated::BlockIndex, out.data());
  CHECK(out == std::vector<int>{0, 1, 2, 3});
}
