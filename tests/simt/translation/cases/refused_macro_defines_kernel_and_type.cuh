// A macro that defines a kernel and a type: the header cannot declare the one without the other.
#define KERNEL_WITH_PARAMS(name) \
  struct name##Params {          \
    int n;                       \
  };                             \
  __global__ void name(name##Params p, int* out) { out[0] = p.n; }
KERNEL_WITH_PARAMS(Fill)
