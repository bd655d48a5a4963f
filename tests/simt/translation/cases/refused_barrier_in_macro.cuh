// A barrier that a macro writes as a member's call (group.sync()): the translation rewrites a
// barrier in a macro's definition only where the definition calls the function by its own name
// (barrier_in_macro.cuh), and refuses this one.
#include <cooperative_groups.h>
#define SYNC(group) group.sync()
__global__ void Kernel(int* out) {
  auto block = cooperative_groups::this_thread_block();
  out[threadIdx.x] = 1;
  SYNC(block);
}
