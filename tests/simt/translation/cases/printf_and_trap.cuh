// printf and __trap() in a kernel: each block's output is printed after the launch; a trap is a
// report naming the thread and the line.
#include <cstdio>
__global__ void Check(const int* values) {
  if (values[threadIdx.x] < 0) {
    printf("thread %u saw %d\n", threadIdx.x, values[threadIdx.x]);
    __trap();
  }
}
