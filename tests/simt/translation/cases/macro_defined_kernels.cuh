// Kernels a macro defines: the header declares them from their types in place of the macro.
#define DEFINE_SCALE(T) \
  __global__ void Scale_##T(T* x, T a) { x[threadIdx.x] *= a; }
DEFINE_SCALE(float)
DEFINE_SCALE(double)
