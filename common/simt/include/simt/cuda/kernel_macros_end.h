// Closes the window kernel_macros_begin.h opened.
#undef threadIdx
#undef blockIdx
#undef blockDim
#undef gridDim
#undef printf
#undef __CUDA_ARCH__
