// A predicated instruction in inline PTX.
__global__ void Kernel(int* out, int flag) {
  int v = 0;
  asm("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %1, 0;\n\t@p mov.s32 %0, 1;\n\t}"
      : "+r"(v)
      : "r"(flag));
  out[0] = v;
}
