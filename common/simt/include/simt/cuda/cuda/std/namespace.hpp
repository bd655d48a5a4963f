#pragma once
/// @file
/// @brief libcu++'s `cuda::std`, for code built for the emulator: the standard library itself.
/// On the GPU, `cuda::std` is a copy of the C++ standard library that device code may call; on
/// the CPU, where kernels are host code, the host's standard library is that already. The headers
/// beside this one (`<cuda/std/type_traits>`, `<cuda/std/atomic>` and the rest of the parts that
/// do not wait) include the standard header of the same name and this alias. `<cuda/std/barrier>`,
/// `<cuda/std/latch>` and `<cuda/std/semaphore>` are not among them: their std counterparts would
/// block the CPU thread that runs a whole block (use `<cuda/barrier>`), as would an atomic's
/// `wait`, which the translation refuses in device code.

namespace cuda {
namespace std = ::std;
}  // namespace cuda
