// A CUDA name the emulator does not provide (an FP8 type).
__global__ void Kernel(float* out) {
  __nv_fp8_e4m3 value(1.0f);
  out[0] = static_cast<float>(value);
}
