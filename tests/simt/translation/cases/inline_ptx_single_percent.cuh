// Special registers written with one `%`, as nvcc takes them (clang wants `%%`): the translation
// doubles the `%` in the asm statements' strings and reads them as the `%%` spellings. The rest
// of each line keeps its place: the blank after the string goes.
__device__ __forceinline__ unsigned long long globalTimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return t;
}

__global__ void Kernel(unsigned long long* out, unsigned* lanes) {
  unsigned lane, smid;
  unsigned long long cycles;
  asm("mov.u32 %0, %laneid;" : "=r"(lane));
  asm volatile(
      "mov.u32 %0, %%smid;\n\t"
      "mov.u64 %1, %clock64;"
      : "=r"(smid), "=l"(cycles));
  out[threadIdx.x] = globalTimer() + cycles * 0 + smid * 0;
  lanes[threadIdx.x] = lane;
}
