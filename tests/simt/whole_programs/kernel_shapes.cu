// Kernels declared every way CUDA allows, each launched once: each thread writes a value that
// names the kernel, and the host checks every thread's value. The emulator's translation
// handles each shape (a macro that writes the whole kernel, an explicit specialisation, C
// linkage, a parameter pack, ...) and inlines those that never wait into the loop that runs
// their block.
#include <cstdio>

#include "check_cuda.h"

constexpr int kThreads = 64;

#define DEFINE_FILL_KERNEL(name, value) \
  __global__ void name(int* out) { out[threadIdx.x] = value; }
DEFINE_FILL_KERNEL(writtenByMacro, 1)

__global__ void declaredFirst(int* out);

namespace shapes {
struct Tile {
  int value;
};
template <int N>
__global__ void fillWith(int* out) {
  out[threadIdx.x] = N;
}
// The specialisation, not the template, runs for N = 7 (and for Tile below).
template <>
__global__ void fillWith<7>(int* out) {
  out[threadIdx.x] = 70;
}
template <class T>
__global__ void fillTiles(T* out) {
  out[threadIdx.x].value = 1;
}
template <>
__global__ void fillTiles(Tile* out) {
  out[threadIdx.x].value = 5;
}
__global__ void qualified(int* out);
}  // namespace shapes

extern "C" __global__ void withCLinkage(int* out) { out[threadIdx.x] = 2; }
extern "C" {
__global__ void inCBlock(int* out) { out[threadIdx.x] = 3; }
}
static __global__ void fileLocal(int* out) { out[threadIdx.x] = 4; }
namespace {
__global__ void inAnonymousNamespace(int* out) { out[threadIdx.x] = 6; }
}  // namespace
__global__ void __launch_bounds__(kThreads) bounded(int* out) { out[threadIdx.x] = 8; }
__global__ __noinline__ void notInlined(int* out) { out[threadIdx.x] = 9; }
__global__ void waits(int* out) {
  __shared__ int mirrored[kThreads];
  mirrored[threadIdx.x] = 10;
  __syncthreads();
  out[threadIdx.x] = mirrored[kThreads - 1 - threadIdx.x];
}
__global__ void shapes::qualified(int* out) { out[threadIdx.x] = 11; }
__global__ void declaredFirst(int* out) { out[threadIdx.x] = 12; }
// A parameter taken by value is the thread's own copy: changing it changes no other thread's.
__global__ void changesItsParameter(int base, int* out) {
  base += static_cast<int>(threadIdx.x % 2);
  out[threadIdx.x] = base - static_cast<int>(threadIdx.x % 2);
}
// Overloads: the launch's arguments pick one, as they pick a host function's, also one that
// takes a type of the program's own and one that waits.
__global__ void overloaded(int* out) { out[threadIdx.x] = 14; }
__global__ void overloaded(shapes::Tile* out) { out[threadIdx.x].value = 15; }
__global__ void overloaded(int* out, int value) {
  __shared__ int mirrored[kThreads];
  mirrored[threadIdx.x] = value;
  __syncthreads();
  out[threadIdx.x] = mirrored[kThreads - 1 - threadIdx.x];
}
template <class... Rest>
__global__ void countsItsPack(int* out, Rest...) {
  out[threadIdx.x] = static_cast<int>(sizeof...(Rest));
}

// Every thread's value is `expected`; prints the first that is not.
int check(const char* kernel, const int* d_out, int expected) {
  int out[kThreads];
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
  for (int t = 0; t < kThreads; ++t)
    if (out[t] != expected) {
      std::printf("%s: thread %d wrote %d, not %d\n", kernel, t, out[t], expected);
      return 1;
    }
  std::printf("%s: %d\n", kernel, expected);
  return 0;
}

int main() {
  int* d_out;
  shapes::Tile* d_tiles;
  checkCudaErrors(cudaMalloc(&d_out, kThreads * sizeof(int)));
  checkCudaErrors(cudaMalloc(&d_tiles, kThreads * sizeof(shapes::Tile)));
  int failures = 0;
  writtenByMacro<<<1, kThreads>>>(d_out);
  failures += check("writtenByMacro", d_out, 1);
  shapes::fillWith<3><<<1, kThreads>>>(d_out);
  failures += check("fillWith<3>", d_out, 3);
  shapes::fillWith<7><<<1, kThreads>>>(d_out);
  failures += check("fillWith<7>", d_out, 70);
  shapes::fillTiles<<<1, kThreads>>>(d_tiles);
  checkCudaErrors(cudaMemcpy2D(d_out, sizeof(int), d_tiles, sizeof(shapes::Tile), sizeof(int),
                               kThreads, cudaMemcpyDeviceToDevice));
  failures += check("fillTiles<Tile>", d_out, 5);
  withCLinkage<<<1, kThreads>>>(d_out);
  failures += check("withCLinkage", d_out, 2);
  inCBlock<<<1, kThreads>>>(d_out);
  failures += check("inCBlock", d_out, 3);
  fileLocal<<<1, kThreads>>>(d_out);
  failures += check("fileLocal", d_out, 4);
  inAnonymousNamespace<<<1, kThreads>>>(d_out);
  failures += check("inAnonymousNamespace", d_out, 6);
  bounded<<<1, kThreads>>>(d_out);
  failures += check("bounded", d_out, 8);
  notInlined<<<1, kThreads>>>(d_out);
  failures += check("notInlined", d_out, 9);
  waits<<<1, kThreads>>>(d_out);
  failures += check("waits", d_out, 10);
  shapes::qualified<<<1, kThreads>>>(d_out);
  failures += check("shapes::qualified", d_out, 11);
  declaredFirst<<<1, kThreads>>>(d_out);
  failures += check("declaredFirst", d_out, 12);
  changesItsParameter<<<1, kThreads>>>(13, d_out);
  failures += check("changesItsParameter", d_out, 13);
  overloaded<<<1, kThreads>>>(d_out);
  failures += check("overloaded(int*)", d_out, 14);
  overloaded<<<1, kThreads>>>(d_tiles);
  checkCudaErrors(cudaMemcpy2D(d_out, sizeof(int), d_tiles, sizeof(shapes::Tile), sizeof(int),
                               kThreads, cudaMemcpyDeviceToDevice));
  failures += check("overloaded(Tile*)", d_out, 15);
  overloaded<<<1, kThreads>>>(d_out, 16);
  failures += check("overloaded(int*, int)", d_out, 16);
  countsItsPack<<<1, kThreads>>>(d_out, 1, 2.0f, 'c');
  failures += check("countsItsPack", d_out, 3);
  checkCudaErrors(cudaFree(d_tiles));
  checkCudaErrors(cudaFree(d_out));
  std::printf("%s\n", failures == 0 ? "Test PASSED" : "Test FAILED");
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
