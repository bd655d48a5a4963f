// assert() in translated kernel code: a failed one stops the kernel with a report, as the GPU
// stops it with cudaErrorAssert. No include guard, as <cassert> has none: each inclusion looks at
// NDEBUG again. kernel_macros_begin.h includes it, and the translation puts it where a kernel
// file includes <cassert> or <assert.h> (whose own inclusion moves to the front).
#undef assert
#ifdef NDEBUG
#define assert(expression) static_cast<void>(0)
#else
#define assert(expression)       \
  (static_cast<bool>(expression) \
       ? static_cast<void>(0)    \
       : ::simt::detail::device_assert_failed(#expression, __FILE__, __LINE__))
#endif
