// The checks of each shared-memory access (common/simt/src/access_checks.cpp) that the other
// concepts do not own: a peer block's shared memory used after the peer exited.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <string>
#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "planted_bug_kernels.emulated.hpp"

#include "kernel_reports.hpp"

using Catch::Matchers::Contains;

TEST_CASE("Reading a peer's shared memory after the peer exited is reported", "[diagnostics]") {
  std::vector<unsigned> out(4 * 32);
  const std::string message = error_of([&] {
    simt::launch(simt::LaunchConfig{4, 32, 32 * sizeof(unsigned), {4, 1, 1}},
                 emulated::ReadPeerWithoutFinalSync, out.data());
  });
  CHECK_THAT(message, Contains("distributed shared memory used after its block exited"));
  CHECK_THAT(message, Contains("ReadPeerWithoutFinalSync"));
  CHECK_THAT(message, Contains("of block (3, 0, 0) reads 'mine'"));
  CHECK_THAT(message, Contains("of block (0, 0, 0), which has exited"));
}
