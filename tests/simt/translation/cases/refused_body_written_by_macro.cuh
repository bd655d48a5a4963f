// A function written in the file whose body is a macro: the header cannot declare it alone.
#define BODY(p) \
  { p[threadIdx.x] = 0; }
__global__ void Kernel(int* out) BODY(out)
