#pragma once
/// @file
/// @brief libcu++'s `cuda::std`, for code built for the emulator: the standard library itself.
/// On the GPU, `cuda::std` is a copy of the C++ standard library that device code may call; on
/// the CPU, where kernels are host code, the host's standard library is that already. The headers
/// beside this one (`<cuda/std/type_traits>` and the rest of the parts that neither wait nor
/// synchronise) include the standard header of the same name and this alias. `<cuda/std/atomic>`,
/// `<cuda/std/barrier>`, `<cuda/std/latch>` and `<cuda/std/semaphore>` are not among them: their
/// std counterparts would block the CPU thread that runs a whole block (use `<cuda/atomic>` and
/// `<cuda/barrier>`).

namespace cuda {
namespace std = ::std;
}  // namespace cuda
