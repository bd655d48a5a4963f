// The CUDA names that must be macros in translated kernel code: the built-in variables read the
// running GPU thread's context, and printf collects what a block prints. Opened before the
// translated code and closed after it (kernel_macros_end.h), so that they do not leak into the
// code that includes a translation. No include guard: each translation opens its own window.
#define threadIdx (::simt::detail::cuda_index(::simt::detail::current_thread.slot->index))
#define blockIdx (::simt::detail::cuda_index(::simt::detail::current_thread.block_idx))
#define blockDim (::simt::detail::cuda_dim(::simt::detail::current_thread.block_dim))
#define gridDim (::simt::detail::cuda_dim(::simt::detail::current_thread.grid_dim))
#define printf(...) ::simt::detail::device_printf(__VA_ARGS__)
#define __trap() ::simt::detail::trap(__FILE__, __LINE__)
// A failed assert() in a kernel stops the kernel with a report, as the GPU stops it with
// cudaErrorAssert (the host's assert() comes back after the translated code).
#pragma push_macro("assert")
#include <simt/cuda/device_assert.h>
// The compute capability the kernel file is translated for (SIMT_CUDA_ARCH, which the
// translation defines: simt_add_kernels' CUDA_ARCH, 900 for an H100 unless set), as nvcc defines
// it in device code, and what nvcc defines in every pass (kernel files test them to tell CUDA
// from plain C++).
#define __CUDA_ARCH__ SIMT_CUDA_ARCH
#define __CUDACC__ 1
#define __NVCC__ 1
// A barrier's place is a type (the type of a lambda written there); a coroutine's frame holds
// what it awaits, so GCC would warn that the frame uses a type without linkage in a "header"
// (the kernel file, under #line). That is intended: each place is its own type.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsubobject-linkage"
// The header of a translation holds, for every C++ source that includes it, what C++ cannot
// only declare (functions in anonymous namespaces, say): unused there, and not the reader's doing.
#pragma GCC diagnostic ignored "-Wunused-function"
#elif defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wunused-function"
// clang also names a constant that only the file's host code reads.
#pragma clang diagnostic ignored "-Wunused-const-variable"
#endif
