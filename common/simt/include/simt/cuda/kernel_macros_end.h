// Closes the window kernel_macros_begin.h opened.
#undef threadIdx
#undef blockIdx
#undef blockDim
#undef gridDim
#undef printf
#undef __trap
#undef assert
#pragma pop_macro("assert")
#undef __CUDA_ARCH__
#undef SIMT_CUDA_ARCH
#undef __CUDACC__
#undef __NVCC__
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#elif defined(__clang__)
#pragma clang diagnostic pop
#endif
