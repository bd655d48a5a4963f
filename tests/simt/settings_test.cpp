// The emulator's settings (<simt/settings.hpp>): with diagnostics off, a faulty kernel runs
// unchecked, as on the GPU.
#include "../catch.hpp"
#include "../emulator_settings.hpp"

#include <simt/launch.hpp>

#include <vector>

// The kernels, translated for the emulator (simt_add_kernels() in tests/CMakeLists.txt).
#include "planted_bug_kernels.emulated.hpp"

TEST_CASE("Diagnostics can be switched off", "[diagnostics]") {
  SettingsGuard guard;
  simt::settings().diagnostics = false;
  std::vector<float> in(128, 1.0f), out(1, 0.0f);
  CHECK_NOTHROW(simt::launch(simt::LaunchConfig{1, 128, 128 * sizeof(float)},
                             emulated::ReductionMissingBarrier, in.data(), out.data()));
}

// Lane i reads word i*s; words sit in bank (word mod 32). Lanes i and j collide when
// i*s = j*s (mod 32), i.e. when 32/gcd(s,32) divides i-j: each bank then serves gcd(s,32)
// distinct words, so the request takes gcd(s,32) wavefronts.
