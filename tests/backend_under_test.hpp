#pragma once
// The chapter test sources are compiled twice: into emulator_tests (the CPU emulator) and
// into gpu_tests (the GPU). TUTORIAL_TEST_ON_DEVICE says which.
#include "common/backend.hpp"

#include <string>

namespace test {
#if TUTORIAL_TEST_ON_DEVICE
inline constexpr tutorial::Backend backend_under_test = tutorial::Backend::device;
#else
inline constexpr tutorial::Backend backend_under_test = tutorial::Backend::emulator;
#endif
}  // namespace test
