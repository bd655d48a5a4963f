// Fences, nanosleep and trap in inline PTX.
__global__ void Publish(int* data, volatile int* flag) {
  data[threadIdx.x] = 1;
  asm volatile("membar.gl;" ::: "memory");
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
  if (threadIdx.x == 0) *flag = 1;
  asm volatile("nanosleep.u32 100;");
  if (data[0] < 0) asm volatile("trap;");
}
