// A load in inline PTX: the emulator says what to write instead.
__global__ void Kernel(const int* in, int* out) {
  int v;
  asm volatile("ld.global.nc.s32 %0, [%1];" : "=r"(v) : "l"(in));
  out[threadIdx.x] = v;
}
