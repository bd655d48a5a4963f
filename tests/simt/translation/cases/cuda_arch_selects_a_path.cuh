// simt-translate options: --cuda-arch 800
// A file translated for compute capability 8.0: __CUDA_ARCH__ is 800 in the parse, and the
// translation defines SIMT_CUDA_ARCH so that the compiler sees it too.
__global__ void Path(int* out) {
#if __CUDA_ARCH__ >= 900
  *out = 900;
#else
  *out = __CUDA_ARCH__;
#endif
}
