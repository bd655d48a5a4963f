// A class that brings its own deallocation function and calls the sized ::operator delete, as
// GCC (nvcc's host compiler) declares it: the translation's parse declares it too.
#include <cstddef>
#include <new>

struct Pooled {
  static void operator delete(void* p, std::size_t bytes) noexcept { ::operator delete(p, bytes); }
  int value = 0;
};

__global__ void Kernel(int* out) { out[0] = 1; }
