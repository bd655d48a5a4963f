// Register arithmetic in inline PTX: operands by number or name, .reg temporaries, several
// instructions in one statement, a template spread over lines.
__global__ void Arithmetic(unsigned* out, unsigned long long* wide, const unsigned* in) {
  unsigned a = in[threadIdx.x], r;
  unsigned long long w;
  asm("{\n\t.reg .u32 t;\n\t"
      "shl.b32 t, %[x], 2;\n\t"
      "add.u32 %[y], t, %[x];\n\t}"
      : [y] "=r"(r)
      : [x] "r"(a));
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(w) : "r"(a), "r"(r));
  out[threadIdx.x] = r;
  wide[threadIdx.x] = w;
}
