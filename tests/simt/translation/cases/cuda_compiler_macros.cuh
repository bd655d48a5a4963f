// What nvcc defines: __CUDACC__ and __CUDA_ARCH__ (an H100's 900) hold in the translation.
#ifdef __CUDACC__
#if __CUDA_ARCH__ >= 900
#define HAS_CLUSTERS 1
#else
#define HAS_CLUSTERS 0
#endif
__global__ void Capability(int* out) { out[0] = __CUDA_ARCH__ + HAS_CLUSTERS; }
#endif
